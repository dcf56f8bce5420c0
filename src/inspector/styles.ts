/** The inspector's styles, inside its shadow root: nothing leaks into the app, nothing of the app's leaks in. */
export const STYLES = `
:host { all: initial; }
.cam { --bg: #fff; --fg: #1d2430; --muted: #6a7383; --line: #e3e6ec; --soft: #f5f7fa; --accent: #3a5bd9;
  --ok: #1f7a3d; --warn: #9a5b00; --bad: #b42318; --nyi: #6b2fb3;
  font: 13px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg);
  display: flex; flex-direction: column; height: 100%; min-height: 0; box-sizing: border-box; }
.cam *, .cam *::before, .cam *::after { box-sizing: inherit; }
.cam-page { height: 100vh; }
.cam header { display: flex; gap: 12px; align-items: center; padding: 6px 12px; border-bottom: 1px solid var(--line); flex-wrap: wrap; }
.cam h1 { font-size: 14px; margin: 0; font-weight: 600; }
.cam .cam-chip { padding: 1px 8px; border-radius: 10px; background: var(--soft); border: 1px solid var(--line); white-space: nowrap; }
.cam .cam-frozen { background: #e8f0ff; border-color: #b7c8f5; }
.cam .cam-offline { background: #fdecea; border-color: #f3b8b2; color: var(--bad); }
.cam nav { display: flex; gap: 2px; padding: 0 8px; border-bottom: 1px solid var(--line); }
.cam nav button { border: 0; background: none; padding: 7px 12px; cursor: pointer; color: var(--muted); border-bottom: 2px solid transparent; font: inherit; }
.cam nav button[aria-selected="true"] { color: var(--fg); border-bottom-color: var(--accent); font-weight: 600; }
.cam main { flex: 1; min-height: 0; display: flex; overflow: hidden; }
.cam .cam-col { overflow: auto; min-height: 0; padding: 8px 12px; }
.cam .cam-list { width: 34%; min-width: 220px; border-right: 1px solid var(--line); }
.cam .cam-detail { flex: 1; }
.cam .cam-wide { flex: 1; }
.cam .cam-journal { flex: 3; border-right: 1px solid var(--line); }
.cam .cam-journal + .cam-detail { flex: 2; }
.cam td.cam-cut span { display: inline-block; max-width: 26ch; overflow: hidden; text-overflow: ellipsis; vertical-align: bottom; }
.cam pre.cam-table { white-space: pre; word-break: normal; }
.cam button.cam-btn, .cam .cam-form button { font: inherit; padding: 3px 10px; border: 1px solid var(--line); border-radius: 4px; background: var(--soft); cursor: pointer; color: var(--fg); }
.cam button.cam-btn:hover { border-color: var(--accent); }
.cam button.cam-danger { color: var(--bad); }
.cam input, .cam select, .cam textarea { font: inherit; padding: 3px 6px; border: 1px solid var(--line); border-radius: 4px; background: #fff; color: var(--fg); }
.cam .cam-kinds { display: flex; flex-wrap: wrap; gap: 4px; margin-bottom: 6px; }
.cam .cam-kinds button { font: inherit; font-size: 12px; border: 1px solid var(--line); border-radius: 10px; background: #fff; padding: 1px 8px; cursor: pointer; }
.cam .cam-kinds button[aria-pressed="true"] { background: var(--accent); color: #fff; border-color: var(--accent); }
.cam ul.cam-rows { list-style: none; margin: 6px 0; padding: 0; }
.cam ul.cam-rows li button { all: unset; display: block; width: 100%; padding: 3px 6px; border-radius: 4px; cursor: pointer; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; box-sizing: border-box; }
.cam ul.cam-rows li button:hover, .cam ul.cam-rows li button[aria-current="true"] { background: var(--soft); }
.cam .cam-gone { text-decoration: line-through; color: var(--muted); }
.cam .cam-badge { display: inline-block; font-size: 11px; padding: 0 6px; border-radius: 8px; margin-left: 6px; background: var(--soft); border: 1px solid var(--line); color: var(--muted); text-decoration: none; }
.cam .cam-badge-gone { background: #fdecea; color: var(--bad); border-color: #f3b8b2; }
.cam .cam-id { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 11px; color: var(--muted); }
.cam pre { font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, monospace; background: var(--soft); border: 1px solid var(--line); border-radius: 4px; padding: 8px; overflow: auto; margin: 4px 0 10px; white-space: pre-wrap; word-break: break-word; }
.cam h2 { font-size: 13px; margin: 10px 0 4px; }
.cam h3 { font-size: 12px; margin: 8px 0 2px; color: var(--muted); font-weight: 600; }
.cam .cam-links { display: flex; flex-wrap: wrap; gap: 4px; }
.cam .cam-links button { font: inherit; font-size: 12px; border: 1px solid var(--line); background: #fff; border-radius: 4px; padding: 1px 6px; cursor: pointer; max-width: 280px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.cam table { border-collapse: collapse; width: 100%; font-size: 12px; }
.cam th { text-align: left; color: var(--muted); font-weight: 600; border-bottom: 1px solid var(--line); padding: 3px 6px; position: sticky; top: 0; background: var(--bg); }
.cam td { padding: 2px 6px; border-bottom: 1px solid var(--soft); white-space: nowrap; }
.cam tbody tr { cursor: pointer; }
.cam tbody tr:hover, .cam tbody tr[aria-selected="true"] { background: var(--soft); }
.cam td.cam-path { font-family: ui-monospace, Menlo, monospace; }
.cam td.cam-path:not(.cam-cut) { max-width: 480px; overflow: hidden; text-overflow: ellipsis; }
.cam .cam-s2xx .cam-status { color: var(--ok); }
.cam .cam-s4xx .cam-status { color: var(--warn); font-weight: 600; }
.cam .cam-s5xx .cam-status, .cam .cam-s0 .cam-status { color: var(--bad); font-weight: 600; }
.cam tr.cam-s501 { background: #f3ecfc; }
.cam .cam-s501 .cam-status { color: var(--nyi); font-weight: 700; }
.cam .cam-filters, .cam .cam-form { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 6px 0; }
.cam .cam-form label { display: flex; gap: 4px; align-items: center; }
.cam .cam-form input[type="number"] { width: 84px; }
.cam section { margin-bottom: 14px; }
.cam .cam-steer { display: grid; grid-template-columns: repeat(auto-fit, minmax(380px, 1fr)); gap: 8px 24px; align-content: start; }
.cam .cam-cards { display: flex; gap: 10px; flex-wrap: wrap; }
.cam .cam-card { border: 1px solid var(--line); border-radius: 6px; padding: 8px 12px; min-width: 180px; }
.cam .cam-card strong { font-size: 18px; display: block; }
.cam .cam-error { margin: 6px 12px; padding: 6px 10px; border: 1px solid #f3b8b2; background: #fdecea; color: var(--bad); border-radius: 4px; display: flex; gap: 8px; align-items: flex-start; white-space: pre-wrap; }
.cam .cam-note { color: var(--muted); }
.cam .cam-ok { color: var(--ok); font-weight: 600; }
.launcher { all: initial; position: fixed; right: 16px; bottom: 16px; z-index: 2147483646; font: 600 12px/1 system-ui, sans-serif;
  background: #1d2430; color: #fff; border-radius: 18px; padding: 10px 14px; cursor: pointer; box-shadow: 0 2px 8px rgba(0,0,0,.3); }
.panel { position: fixed; left: 0; right: 0; bottom: 0; height: 50vh; z-index: 2147483646; background: #fff;
  border-top: 1px solid #c9ced8; box-shadow: 0 -4px 16px rgba(0,0,0,.15); display: flex; flex-direction: column; }
.panel-close { position: absolute; right: 8px; top: 4px; z-index: 1; font: 16px/1 system-ui, sans-serif; border: 0; background: none; cursor: pointer; padding: 4px 8px; color: #6a7383; }
`
