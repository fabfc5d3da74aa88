#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension URLEncodedFormEncoder {
    /// The HTML inputs that hold a date or a time, each with the text a browser sends for it and
    /// fills it from (the HTML standard's "valid … string"s). The browser sends no time zone: the
    /// coder's strategy names the one the text is read and written in.
    ///
    /// | Input | Text |
    /// | --- | --- |
    /// | `<input type=date>` | `2026-11-23` |
    /// | `<input type=datetime-local>` | `2026-11-23T14:30`, `2026-11-23T14:30:05`, `2026-11-23T14:30:05.250` |
    /// | `<input type=month>` | `2026-11` |
    /// | `<input type=week>` | `2026-W48` (ISO 8601 weeks: Monday first, week 1 holds 4 January) |
    /// | `<input type=time>` | `14:30`, `14:30:05`, `14:30:05.250` |
    public enum HTMLDateInput: Sendable, Hashable, CaseIterable {
        /// `2026-11-23`: the day.
        case date
        /// `2026-11-23T14:30`: the day and the time, with seconds and milliseconds only when they are
        /// not zero, as a browser normalizes it.
        case dateTimeLocal
        /// `2026-11`: the month.
        case month
        /// `2026-W48`: the ISO 8601 week.
        case week
        /// `14:30`: the time of day, with seconds and milliseconds only when they are not zero.
        case time
    }
}

/// Reading and writing the texts of ``URLEncodedFormEncoder/HTMLDateInput``.
enum HTMLDateText {
    /// The date `text` names in `timeZone`, whichever input sent it: a day at its start, a month
    /// and a week at the start of their first day, a time of day on 1 January 1970. `nil` for
    /// text no such input sends.
    static func date(from text: String, timeZone: TimeZone) -> Date? {
        var scanner = Scanner(Array(text.utf8))
        guard let fields = scanner.fields(), scanner.isAtEnd else { return nil }
        if let week = fields.week {
            // Foundation's ISO 8601 calendar numbers the weeks; a week past the year's last (W53
            // of a year with 52) comes back as another week, and is refused.
            var calendar = Calendar(identifier: .iso8601)
            calendar.timeZone = timeZone
            let monday = calendar.date(from: DateComponents(weekday: 2, weekOfYear: week, yearForWeekOfYear: fields.year))
            guard let monday, calendar.component(.weekOfYear, from: monday) == week else { return nil }
            return monday
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(
            year: fields.year, month: fields.month, day: fields.day, hour: fields.hour, minute: fields.minute, second: fields.second)
        // Milliseconds are added after: Calendar rounds a nanosecond component to about 0.1 µs.
        return calendar.date(from: components)?.addingTimeInterval(Double(fields.millisecond) / 1000)
    }

    /// The text `input` sends for `date` in `timeZone`.
    static func text(of date: Date, as input: URLEncodedFormEncoder.HTMLDateInput, timeZone: TimeZone) -> String {
        // Whole milliseconds, the finest a browser writes, so that 0.1239 s is `.124`, not `.123`.
        let rounded = Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded() / 1000)
        var calendar = Calendar(identifier: input == .week ? .iso8601 : .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second, .nanosecond, .yearForWeekOfYear, .weekOfYear], from: rounded)
        let day = "\(year(parts.year ?? 1))-\(two(parts.month ?? 1))-\(two(parts.day ?? 1))"
        let millisecond = Int((Double(parts.nanosecond ?? 0) / 1_000_000).rounded())
        var time = "\(two(parts.hour ?? 0)):\(two(parts.minute ?? 0))"
        if parts.second != 0 || millisecond != 0 { time += ":\(two(parts.second ?? 0))" }
        if millisecond != 0 { time += "." + String(String(millisecond + 1000).dropFirst()) }
        switch input {
        case .date: return day
        case .dateTimeLocal: return day + "T" + time
        case .month: return "\(year(parts.year ?? 1))-\(two(parts.month ?? 1))"
        case .week: return "\(year(parts.yearForWeekOfYear ?? 1))-W\(two(parts.weekOfYear ?? 1))"
        case .time: return time
        }
    }

    private static func two(_ number: Int) -> String {
        number < 10 ? "0\(number)" : "\(number)"
    }

    /// At least four digits, as the standard's years are.
    private static func year(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The fields of a date and time, as the text gave them or as their defaults.
    private struct Fields {
        var year = 1970
        var month = 1
        var day = 1
        var hour = 0
        var minute = 0
        var second = 0
        var millisecond = 0
        /// The ISO week, for `2026-W48`; `year` is then its week-numbering year.
        var week: Int?
    }

    /// Reads the texts of the table above, checking each field's range as the standard does.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        var isAtEnd: Bool { index == bytes.count }

        mutating func fields() -> Fields? {
            var fields = Fields()
            let start = index
            if number(digits: 2...2) != nil, take(":") {
                // A time alone.
                index = start
                return time(into: &fields) ? fields : nil
            }
            index = start
            guard let year = number(digits: 4...9), year > 0, take("-") else { return nil }
            fields.year = year
            if take("W") {
                guard let week = number(digits: 2...2), (1...53).contains(week) else { return nil }
                fields.week = week
                return fields
            }
            guard let month = number(digits: 2...2), (1...12).contains(month) else { return nil }
            fields.month = month
            guard take("-") else { return isAtEnd ? fields : nil }
            guard let day = number(digits: 2...2), day >= 1, day <= Self.days(inMonth: month, year: year) else { return nil }
            fields.day = day
            guard take("T") || take(" ") else { return fields }
            return time(into: &fields) ? fields : nil
        }

        private mutating func time(into fields: inout Fields) -> Bool {
            guard let hour = number(digits: 2...2), hour < 24, take(":"), let minute = number(digits: 2...2), minute < 60 else {
                return false
            }
            (fields.hour, fields.minute) = (hour, minute)
            guard take(":") else { return true }
            guard let second = number(digits: 2...2), second < 60 else { return false }
            fields.second = second
            guard take(".") else { return true }
            let fractionStart = index
            guard let fraction = number(digits: 1...3) else { return false }
            // `.5` is 500 ms, `.05` 50 ms.
            fields.millisecond = fraction * [100, 10, 1][index - fractionStart - 1]
            return true
        }

        private mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// A run of decimal digits whose length is in `digits`.
        private mutating func number(digits: ClosedRange<Int>) -> Int? {
            let start = index
            var value = 0
            while index < bytes.count, index - start < digits.upperBound, bytes[index] &- UInt8(ascii: "0") < 10 {
                value = value * 10 + Int(bytes[index] &- UInt8(ascii: "0"))
                index += 1
            }
            guard digits.contains(index - start) else {
                index = start
                return nil
            }
            return value
        }

        static func days(inMonth month: Int, year: Int) -> Int {
            switch month {
            case 2: isLeap(year) ? 29 : 28
            case 4, 6, 9, 11: 30
            default: 31
            }
        }

        static func isLeap(_ year: Int) -> Bool {
            year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        }
    }
}
