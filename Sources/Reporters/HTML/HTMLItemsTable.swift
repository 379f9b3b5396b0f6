import Verdict

/// Every item in one table, with the status filters and text filter the page script brings to life.
/// The controls start `hidden`: without the script (a mail client, a strict viewer) the table is simply
/// complete and in checklist order.
enum HTMLItemsTable {
    static func render(_ items: [ItemResult]) -> String {
        let filters = ReviewPage.statusOrder.compactMap { status -> String? in
            let count = items.filter { $0.status == status }.count
            guard count > 0 else { return nil }
            return "<label class=\"chip status-\(status.rawValue)\">"
                + "<input type=\"checkbox\" name=\"status\" value=\"\(status.rawValue)\" checked> \(status.rawValue) \(count)</label>"
        }
        let headers = [
            ("number", "#", "number"), ("title", "Item", "title"), ("status", "Status", "status"), ("duration", "Duration", "duration"),
        ].map { key, label, css in
            "<th scope=\"col\" class=\"\(css)\" data-sort=\"\(key)\" aria-sort=\"\(key == "number" ? "ascending" : "none")\">"
                + "<button type=\"button\">\(label)</button></th>"
        }
        return """
            <section id="items" aria-labelledby="items-heading">
            <h2 id="items-heading">Items</h2>
            <div class="controls" id="controls" hidden>
            <fieldset><legend>Show</legend>
            \(filters.joined(separator: "\n"))
            </fieldset>
            <label class="search">Filter <input type="search" id="filter-text" placeholder="title, probe or evidence" aria-label="Filter items by text"></label>
            <output id="filter-count" aria-live="polite">\(items.count) of \(items.count) items shown</output>
            </div>
            <table id="items-table">
            <thead><tr>\(headers.joined())<th scope="col">Evidence</th></tr></thead>
            <tbody>
            \(items.map(row).joined(separator: "\n"))
            </tbody>
            </table>
            </section>
            """
    }

    private static func row(_ item: ItemResult) -> String {
        let needsDetails = item.status == .failed || item.status == .error
        let title = HTMLText.inline(item.title)
        let titleCell = needsDetails ? "<a href=\"#item-\(item.number)\">\(title)</a>" : title
        let section = item.section.map { "<span class=\"section-name\">\(HTMLText.escaped($0))</span>" } ?? ""
        let duration = item.status == .manual ? "—" : ReviewPage.duration(item.durationSeconds)
        let durationValue = item.durationSeconds.isFinite ? item.durationSeconds : 0
        // The probe rides along (hidden) so the text filter finds items by probe too.
        return """
            <tr id="row-\(item.number)" class="row-\(item.status.rawValue)" data-number="\(item.number)" \
            data-title="\(HTMLText.escaped(item.title))" data-status="\(item.status.rawValue)" data-duration="\(durationValue)">\
            <td class="number">\(item.number)</td>\
            <td class="title">\(titleCell)\(section)<span hidden>\(HTMLText.escaped(item.probe))</span></td>\
            <td class="status">\(HTMLReport.badge(item.status))</td>\
            <td class="duration">\(duration)</td>\
            <td class="evidence">\(HTMLText.inline(item.summary))</td></tr>
            """
    }
}
