/// Item numbers as a person reads them: runs collapse to ranges, "1–23, 27".
public enum ItemNumbers {
    public static func compact(_ numbers: [Int]) -> String {
        var parts: [String] = []
        var index = 0
        let sorted = Array(Set(numbers)).sorted()
        while index < sorted.count {
            var end = index
            while end + 1 < sorted.count && sorted[end + 1] == sorted[end] + 1 { end += 1 }
            switch end - index {
            case 0: parts.append("\(sorted[index])")
            case 1: parts.append("\(sorted[index]), \(sorted[end])")
            default: parts.append("\(sorted[index])–\(sorted[end])")
            }
            index = end + 1
        }
        return parts.joined(separator: ", ")
    }
}
