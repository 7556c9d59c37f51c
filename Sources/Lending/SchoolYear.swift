/// A school year in Japan runs from 1 April to 31 March.
public enum SchoolYear {
    /// The month a school year begins.
    public static let firstMonth = 4

    /// The first day (1 April) of the school year `day` falls in.
    public static func start(containing day: LocalDate) -> LocalDate {
        LocalDate(year: day.month >= firstMonth ? day.year : day.year - 1, month: firstMonth, day: 1)
    }
}
