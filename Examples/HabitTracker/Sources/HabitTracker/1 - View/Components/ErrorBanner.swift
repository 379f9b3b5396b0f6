#if canImport(SwiftUI)
import SwiftUI

/// A dismissible one-line message at the bottom of a screen.
struct ErrorBanner: View {
    let message: String
    let dismiss: () -> Void

    var body: some View {
        HStack {
            Text(message)
            Spacer()
            Button("Dismiss", systemImage: "xmark", action: dismiss)
                .labelStyle(.iconOnly)
        }
        .padding()
        .background(.red.opacity(0.15), in: RoundedRectangle(cornerRadius: 12))
        .padding()
    }
}

#Preview {
    ErrorBanner(message: "A habit needs a name.", dismiss: {})
}
#endif
