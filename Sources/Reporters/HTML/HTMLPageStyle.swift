/// The page's whole stylesheet, inline so the report is one file that fetches nothing. System fonts
/// only; colours follow the reader's light or dark preference.
enum HTMLPageStyle {
    static let css = """
        :root {
          color-scheme: light dark;
          --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --border: #d1d9e0; --panel: #f6f8fa; --link: #0969da;
          --passed: #1a7f37; --passed-bg: #dafbe1; --failed: #cf222e; --failed-bg: #ffebe9;
          --error: #9a6700; --error-bg: #fff8c5; --skipped: #59636e; --skipped-bg: #eff2f5;
          --manual: #8250df; --manual-bg: #fbefff;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --border: #3d444d; --panel: #151b23; --link: #4493f8;
            --passed: #3fb950; --passed-bg: #12261e; --failed: #f85149; --failed-bg: #2d1619;
            --error: #d29922; --error-bg: #2a2111; --skipped: #9198a1; --skipped-bg: #212830;
            --manual: #ab7df8; --manual-bg: #231b33;
          }
        }
        * { box-sizing: border-box; }
        html { background: var(--bg); color: var(--fg); }
        body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Liberation Sans", "DejaVu Sans", sans-serif; }
        a { color: var(--link); text-decoration: none; }
        a:hover, a:focus-visible { text-decoration: underline; }
        code, pre, kbd { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", "DejaVu Sans Mono", monospace; font-size: 0.88em; }
        code { background: var(--panel); border: 1px solid var(--border); border-radius: 4px; padding: 0 0.3em; overflow-wrap: anywhere; }
        pre { background: var(--panel); border: 1px solid var(--border); border-radius: 6px; padding: 10px 12px; overflow-x: auto; margin: 6px 0 12px; }
        pre code { background: none; border: 0; padding: 0; font-size: 1em; }
        .page { max-width: 1160px; margin: 0 auto; padding: 24px 28px 40px; }
        h2 { font-size: 1.2em; margin: 32px 0 10px; padding-bottom: 6px; border-bottom: 1px solid var(--border); }
        h3 { font-size: 1em; margin: 18px 0 6px; }
        h4 { font-size: 0.95em; margin: 14px 0 4px; color: var(--muted); }
        .muted { color: var(--muted); }
        .banner { border: 1px solid var(--border); border-left: 8px solid var(--accent); background: var(--accent-bg); border-radius: 8px; padding: 16px 20px; }
        .banner h1 { margin: 0; font-size: 1.7em; line-height: 1.25; }
        .banner p { margin: 6px 0 0; }
        .banner h1 code { font-size: 0.8em; background: none; border: 0; padding: 0; }
        .result-passed { --accent: var(--passed); --accent-bg: var(--passed-bg); }
        .result-failed { --accent: var(--failed); --accent-bg: var(--failed-bg); }
        .result-error { --accent: var(--error); --accent-bg: var(--error-bg); }
        .result-word { color: var(--accent); }
        .badge { display: inline-block; min-width: 4.6em; text-align: center; font-size: 0.8em; font-weight: 600; letter-spacing: 0.02em;
          padding: 1px 8px; border-radius: 999px; border: 1px solid currentColor; white-space: nowrap; }
        .status-passed { color: var(--passed); background: var(--passed-bg); }
        .status-failed { color: var(--failed); background: var(--failed-bg); }
        .status-error { color: var(--error); background: var(--error-bg); }
        .status-skipped { color: var(--skipped); background: var(--skipped-bg); }
        .status-manual { color: var(--manual); background: var(--manual-bg); }
        .counts { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 10px; }
        .facts { display: grid; grid-template-columns: max-content 1fr; gap: 4px 18px; margin: 18px 0 0; }
        .facts dt { color: var(--muted); }
        .facts dd { margin: 0; overflow-wrap: anywhere; }
        .controls { display: flex; flex-wrap: wrap; align-items: center; gap: 10px 16px; margin: 8px 0 10px; }
        .controls[hidden], .toolbar[hidden] { display: none; }
        .controls fieldset { border: 0; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 6px; }
        .controls legend { float: left; margin-right: 6px; color: var(--muted); }
        .chip { display: inline-flex; align-items: center; gap: 4px; padding: 1px 10px 1px 6px; border-radius: 999px; \
        border: 1px solid currentColor; cursor: pointer; font-size: 0.9em; }
        .chip input { margin: 0; accent-color: currentColor; }
        .search input { font: inherit; color: inherit; background: var(--bg); border: 1px solid var(--border); \
        border-radius: 6px; padding: 3px 8px; min-width: 16em; }
        #filter-count { color: var(--muted); font-size: 0.9em; }
        table { width: 100%; border-collapse: collapse; border: 1px solid var(--border); }
        th, td { text-align: left; vertical-align: top; padding: 7px 10px; border-bottom: 1px solid var(--border); }
        thead th { background: var(--panel); position: sticky; top: 0; z-index: 1; white-space: nowrap; }
        th button { font: inherit; font-weight: 600; color: inherit; background: none; border: 0; padding: 0; cursor: pointer; }
        th button::after { content: "\\2195"; margin-left: 4px; color: var(--muted); font-weight: 400; }
        th[aria-sort="ascending"] button::after { content: "\\25B2"; color: var(--fg); }
        th[aria-sort="descending"] button::after { content: "\\25BC"; color: var(--fg); }
        td.number, td.duration, th.number, th.duration { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
        td.status { white-space: nowrap; }
        tbody tr:nth-child(even) { background: color-mix(in srgb, var(--panel) 60%, transparent); }
        tbody tr.row-failed, tbody tr.row-error { box-shadow: inset 3px 0 0 var(--failed); }
        tbody tr.row-error { box-shadow: inset 3px 0 0 var(--error); }
        .section-name { display: block; color: var(--muted); font-size: 0.82em; }
        .evidence { overflow-wrap: anywhere; }
        details.item { border: 1px solid var(--border); border-radius: 8px; margin: 10px 0; background: var(--bg); }
        details.item > summary { cursor: pointer; padding: 10px 14px; list-style-position: inside; }
        details.item[open] > summary { border-bottom: 1px solid var(--border); background: var(--panel); border-radius: 8px 8px 0 0; }
        details.item:target { outline: 2px solid var(--link); }
        details.item .body { padding: 4px 16px 12px; }
        .toolbar { margin: 4px 0; }
        .toolbar button { font: inherit; font-size: 0.9em; color: inherit; background: var(--panel); border: 1px solid var(--border); \
        border-radius: 6px; padding: 2px 10px; cursor: pointer; }
        ul.findings { list-style: none; margin: 4px 0 10px; padding: 0; }
        ul.findings li { padding: 4px 0 4px 10px; border-left: 3px solid var(--border); margin: 4px 0; overflow-wrap: anywhere; }
        ul.findings li.severity-error { border-left-color: var(--failed); }
        ul.findings li.severity-warning { border-left-color: var(--error); }
        .severity { font-weight: 600; font-size: 0.85em; text-transform: uppercase; }
        .severity-error .severity { color: var(--failed); }
        .severity-warning .severity { color: var(--error); }
        .line-number { color: var(--muted); font-variant-numeric: tabular-nums; }
        .file-group h3 .muted { font-weight: 400; font-size: 0.9em; }
        ul.failing { list-style: none; padding: 0; }
        ul.failing li { margin: 4px 0; overflow-wrap: anywhere; }
        ul.tasks { list-style: none; padding: 0; }
        ul.tasks li { margin: 4px 0; }
        footer { margin-top: 36px; padding-top: 12px; border-top: 1px solid var(--border); color: var(--muted); font-size: 0.92em; }
        footer pre { color: var(--fg); white-space: pre-wrap; overflow-wrap: anywhere; }
        """
}
