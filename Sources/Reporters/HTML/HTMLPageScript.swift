/// The page's only script: sorts and filters the items table, expands failure details, and keeps the view
/// in the address's fragment so a filtered view can be shared. The fragment it reads and writes:
/// `#status=failed,error&q=text&sort=duration-desc` (sort keys: number, title, status, duration); a plain
/// `#item-24` opens that item's details. It embeds no report data, so no data can break out of it, and
/// it uses no inline event handlers, so the Content-Security-Policy can allow exactly this script by hash.
enum HTMLPageScript {
    static let javascript = """
        (() => {
          "use strict";
          const table = document.getElementById("items-table");
          const controls = document.getElementById("controls");
          if (!table || !controls) return;
          const body = table.tBodies[0];
          const rows = Array.from(body.rows);
          const headers = Array.from(table.querySelectorAll("th[data-sort]"));
          const boxes = Array.from(controls.querySelectorAll("input[name=status]"));
          const text = document.getElementById("filter-text");
          const count = document.getElementById("filter-count");
          const urgency = { error: 0, failed: 1, skipped: 2, manual: 3, passed: 4 };
          const keys = ["number", "title", "status", "duration"];
          const state = { key: "number", ascending: true };

          const valueOf = (row, key) => {
            if (key === "title") return row.dataset.title.toLowerCase();
            if (key === "status") return urgency[row.dataset.status] ?? 9;
            return Number(row.dataset[key]);
          };

          function sortRows() {
            rows.sort((a, b) => {
              const x = valueOf(a, state.key), y = valueOf(b, state.key);
              const order = x < y ? -1 : x > y ? 1 : 0;
              if (order !== 0) return state.ascending ? order : -order;
              return Number(a.dataset.number) - Number(b.dataset.number);
            });
            for (const row of rows) body.appendChild(row);
            for (const header of headers) {
              const sorted = header.dataset.sort === state.key;
              header.setAttribute("aria-sort", sorted ? (state.ascending ? "ascending" : "descending") : "none");
            }
          }

          function filterRows() {
            const wanted = new Set(boxes.filter((box) => box.checked).map((box) => box.value));
            const needle = text.value.trim().toLowerCase();
            let shown = 0;
            for (const row of rows) {
              const visible = wanted.has(row.dataset.status) && (needle === "" || row.textContent.toLowerCase().includes(needle));
              row.hidden = !visible;
              if (visible) shown += 1;
            }
            count.textContent = shown + " of " + rows.length + " items shown";
          }

          function writeFragment() {
            const params = new URLSearchParams();
            if (!boxes.every((box) => box.checked)) {
              params.set("status", boxes.filter((box) => box.checked).map((box) => box.value).join(","));
            }
            if (text.value.trim() !== "") params.set("q", text.value.trim());
            if (state.key !== "number" || !state.ascending) params.set("sort", state.key + (state.ascending ? "" : "-desc"));
            const fragment = params.toString();
            try {
              history.replaceState(null, "", fragment === "" ? location.pathname + location.search : "#" + fragment);
            } catch (refused) {
              // Some viewers refuse history changes for local files; the view itself still works.
            }
          }

          function readFragment() {
            const raw = location.hash.slice(1);
            if (!raw.includes("=")) {
              const target = raw === "" ? null : document.getElementById(decodeURIComponent(raw));
              if (target && target.tagName === "DETAILS") target.open = true;
              return;
            }
            const params = new URLSearchParams(raw);
            if (params.has("status")) {
              const wanted = new Set(params.get("status").split(","));
              for (const box of boxes) box.checked = wanted.has(box.value);
            }
            if (params.has("q")) text.value = params.get("q");
            if (params.has("sort")) {
              const [key, direction] = params.get("sort").split("-");
              if (keys.includes(key)) {
                state.key = key;
                state.ascending = direction !== "desc";
              }
            }
            sortRows();
            filterRows();
          }

          for (const header of headers) {
            header.querySelector("button").addEventListener("click", () => {
              const key = header.dataset.sort;
              state.ascending = state.key === key ? !state.ascending : true;
              state.key = key;
              sortRows();
              writeFragment();
            });
          }
          for (const box of boxes) box.addEventListener("change", () => { filterRows(); writeFragment(); });
          text.addEventListener("input", () => { filterRows(); writeFragment(); });
          window.addEventListener("hashchange", readFragment);

          const toggle = document.getElementById("toggle-details");
          if (toggle) {
            const details = Array.from(document.querySelectorAll("details.item"));
            toggle.addEventListener("click", () => {
              const open = !details.every((item) => item.open);
              for (const item of details) item.open = open;
              toggle.textContent = open ? "Collapse all" : "Expand all";
            });
            toggle.parentElement.hidden = false;
          }

          controls.hidden = false;
          sortRows();
          filterRows();
          readFragment();
          document.documentElement.dataset.scriptReady = "true";
        })();
        """
}
