/// Reading names out of type annotations as written: `[Habit]?` → `Habit`; `any HabitRepository` → `HabitRepository`.
enum TypeText {
    /// Every identifier in a type's text, in order: `Dictionary<String, [Habit]>` → Dictionary, String, Habit.
    static func names(in text: String) -> [String] {
        var names: [String] = []
        var current = ""
        for character in text {
            if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
            } else {
                if !current.isEmpty { names.append(current) }
                current = ""
            }
        }
        if !current.isEmpty { names.append(current) }
        return names.filter { !["any", "some", "inout", "Optional", "Array", "Set", "Dictionary"].contains($0) }
    }

    /// The single named type of an annotation, if it is one: `HabitsFeature`, `HabitsFeature?`, `any X`.
    static func singleName(_ text: String?) -> String? {
        guard let text else { return nil }
        let found = names(in: text)
        return found.count == 1 ? found[0] : nil
    }
}
