#if canImport(SwiftUI)
import SwiftUI

/// Shows a streak length, or nothing when there is no streak.
struct StreakBadge: View {
    let count: Int

    var body: some View {
        if count > 0 {
            Label("\(count)", systemImage: "flame.fill")
                .font(.caption.bold())
                .padding(.horizontal, 8)
                .padding(.vertical, 4)
                .background(.orange.opacity(0.2), in: Capsule())
                .accessibilityLabel("\(count)-day streak")
        }
    }
}

#Preview {
    StreakBadge(count: 12)
}
#endif
