/** The light theme's colours. */
const LIGHT = `color-scheme: light;
  --bg: #fff; --fg: #1d2430; --muted: #566070; --line: #dde1e8; --soft: #f3f5f8; --field: #747e8f; --accent: #3451c6;
  --on-accent: #fff; --ok: #1a6b35; --warn: #8a5100; --bad: #a51d12; --bad-bg: #fdecea; --bad-line: #e5a39c;
  --nyi: #6b2fb3; --nyi-bg: #f3ecfc; --info-bg: #e8f0ff; --info-line: #9fb3ea;`

/** The dark theme's colours. */
const DARK = `color-scheme: dark;
  --bg: #161a22; --fg: #e6e9ef; --muted: #a7b0bf; --line: #303746; --soft: #1f2531; --field: #8a94a6;
  --accent: #8fa7ff; --on-accent: #10131a; --ok: #62cf8a; --warn: #e5a84f; --bad: #ff8a80; --bad-bg: #3a1d1d;
  --bad-line: #7a3a35; --nyi: #c9a6ff; --nyi-bg: #2b2140; --info-bg: #1d2843; --info-line: #3e5494;`

/**
 * The inspector's styles, inside its shadow root: nothing leaks into the app, nothing of the app's leaks in.
 * The theme follows the system unless one is chosen (the host's `data-theme`).
 */
export const STYLES = `
:host { all: initial; ${LIGHT} }
@media (prefers-color-scheme: dark) {
  :host { ${DARK} }
}
:host([data-theme="light"]) { ${LIGHT} }
:host([data-theme="dark"]) { ${DARK} }
.cam { font: 13px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg);
  display: flex; flex-direction: column; height: 100%; min-height: 0; box-sizing: border-box; container: cam / inline-size; }
.cam *, .cam *::before, .cam *::after { box-sizing: inherit; }
.cam-page { height: 100vh; }
.cam :focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
.cam header { display: flex; gap: 8px 12px; align-items: center; padding: 6px 12px; border-bottom: 1px solid var(--line); flex-wrap: wrap; }
.cam-panel header { padding-right: 92px; }
.cam h1 { font-size: 14px; margin: 0; font-weight: 600; }
.cam .cam-chip { padding: 1px 8px; border-radius: 10px; background: var(--soft); border: 1px solid var(--line); white-space: nowrap; }
.cam .cam-frozen { background: var(--info-bg); border-color: var(--info-line); }
.cam .cam-banner { margin: 6px 12px 0; padding: 6px 10px; border-radius: 4px; border: 1px solid var(--info-line); background: var(--info-bg); display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
.cam .cam-banner-down { border-color: var(--bad-line); background: var(--bad-bg); color: var(--bad); font-weight: 600; }
.cam nav { display: flex; gap: 2px; padding: 0 8px; border-bottom: 1px solid var(--line); overflow-x: auto; }
.cam nav button { border: 0; background: none; min-height: 36px; padding: 6px 12px; cursor: pointer; color: var(--muted); border-bottom: 2px solid transparent; font: inherit; }
.cam nav button[aria-selected="true"] { color: var(--fg); border-bottom-color: var(--accent); font-weight: 600; }
.cam nav button:focus-visible { outline-offset: -2px; }
.cam .cam-main, .cam .cam-split { flex: 1; min-height: 0; display: flex; overflow: hidden; }
.cam .cam-col { overflow: auto; min-height: 0; padding: 8px 12px; }
.cam .cam-list { width: 34%; min-width: 220px; border-right: 1px solid var(--line); }
.cam .cam-detail { flex: 1; min-width: 0; }
.cam .cam-wide { flex: 1; }
.cam .cam-journal { flex: 3; min-width: 0; border-right: 1px solid var(--line); display: flex; flex-direction: column; overflow: hidden; }
.cam .cam-journal + .cam-detail { flex: 2; }
.cam .cam-back { display: none; margin-bottom: 6px; }
.cam .cam-count { margin: 0 0 4px; }
.cam .cam-vlist { flex: 1; min-height: 160px; overflow: auto; border: 1px solid var(--line); border-radius: 4px; }
.cam .cam-vspace { position: relative; }
.cam .cam-jrow { display: grid; grid-template-columns: 92px minmax(0, 1.3fr) 56px minmax(0, 2fr) minmax(0, 1.2fr) 52px; gap: 8px; align-items: center; padding: 0 8px; font-size: 12px; }
.cam .cam-jrow > span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.cam .cam-jhead { color: var(--muted); font-weight: 600; padding: 3px 9px; }
.cam .cam-vlist .cam-jrow { position: absolute; left: 0; right: 0; cursor: pointer; border-bottom: 1px solid var(--soft); }
.cam .cam-vlist .cam-jrow:hover, .cam .cam-vlist .cam-jrow[aria-selected="true"] { background: var(--soft); }
.cam .cam-vlist .cam-jrow[aria-selected="true"] { box-shadow: inset 3px 0 0 var(--accent); }
.cam .cam-vlist:focus-visible { outline-offset: -2px; }
.cam .cam-vlist:focus-visible .cam-active { outline: 2px solid var(--accent); outline-offset: -2px; }
.cam .cam-ms { text-align: right; }
.cam .cam-narrow .cam-jrow { grid-template-columns: auto auto minmax(0, 1fr) auto; grid-template-areas: "op op op status" "time method path ms"; row-gap: 0; }
.cam .cam-narrow .cam-op { grid-area: op; font-weight: 600; }
.cam .cam-narrow .cam-status { grid-area: status; }
.cam .cam-narrow .cam-time { grid-area: time; color: var(--muted); }
.cam .cam-narrow .cam-method { grid-area: method; }
.cam .cam-narrow .cam-path { grid-area: path; }
.cam .cam-narrow .cam-ms { grid-area: ms; color: var(--muted); }
.cam pre.cam-table { white-space: pre-wrap; overflow-wrap: anywhere; word-break: normal; }
.cam button.cam-btn, .cam .cam-form button { font: inherit; min-height: 28px; padding: 3px 10px; border: 1px solid var(--field); border-radius: 4px; background: var(--soft); cursor: pointer; color: var(--fg); }
.cam button.cam-btn:hover, .cam .cam-form button:hover { border-color: var(--accent); }
.cam button.cam-btn[aria-pressed="true"] { background: var(--accent); color: var(--on-accent); border-color: var(--accent); }
.cam button.cam-danger { color: var(--bad); }
.cam input, .cam select, .cam textarea { font: inherit; min-height: 28px; min-width: 0; max-width: 100%; padding: 3px 6px; border: 1px solid var(--field); border-radius: 4px; background: var(--bg); color: var(--fg); }
.cam input[type="checkbox"] { min-height: 0; width: 16px; height: 16px; margin: 4px; }
.cam .cam-kinds { display: flex; flex-wrap: wrap; gap: 4px; margin-bottom: 6px; }
.cam .cam-kinds button { font: inherit; font-size: 12px; min-height: 26px; border: 1px solid var(--field); border-radius: 13px; background: var(--bg); color: var(--fg); padding: 2px 9px; cursor: pointer; }
.cam .cam-kinds button[aria-pressed="true"] { background: var(--accent); color: var(--on-accent); border-color: var(--accent); }
.cam ul.cam-rows { list-style: none; margin: 6px 0; padding: 0; }
.cam ul.cam-rows li button:not(.cam-btn) { all: unset; display: block; width: 100%; min-height: 28px; padding: 4px 6px; border-radius: 4px; cursor: pointer; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; box-sizing: border-box; }
.cam ul.cam-rows li button:not(.cam-btn):hover, .cam ul.cam-rows li button[aria-current="true"] { background: var(--soft); }
.cam ul.cam-rows li button[aria-current="true"] { box-shadow: inset 3px 0 0 var(--accent); }
.cam ul.cam-rows li button:not(.cam-btn):focus-visible { outline: 2px solid var(--accent); outline-offset: -2px; }
.cam .cam-gone { text-decoration: line-through; color: var(--muted); }
.cam .cam-badge { display: inline-block; font-size: 11px; padding: 0 6px; border-radius: 8px; margin-left: 6px; background: var(--soft); border: 1px solid var(--line); color: var(--muted); text-decoration: none; }
.cam .cam-answer { white-space: pre-wrap; overflow-wrap: anywhere; padding: 6px 10px; border-left: 3px solid var(--accent); background: var(--soft); }
.cam ol.cam-frames { margin: 0; padding-left: 28px; font: 12px ui-monospace, monospace; overflow-wrap: anywhere; max-height: 320px; overflow: auto; }
.cam .cam-dir { font-weight: 700; }
.cam .cam-dir-received { color: var(--ok); }
.cam .cam-dir-sent { color: var(--accent); }
.cam .cam-diff { border: 1px solid var(--line); border-radius: 4px; padding: 4px 10px; margin: 6px 0; }
.cam .cam-diff h4 { margin: 8px 0 2px; font-size: 13px; }
.cam ul.cam-diff-rows { list-style: none; margin: 0; padding: 0; font-size: 12px; overflow-wrap: anywhere; }
.cam .cam-diff-added > span:first-child { color: var(--ok); font-weight: 700; }
.cam .cam-diff-changed > span:first-child { color: var(--warn); font-weight: 700; }
.cam .cam-diff-removed > span:first-child { color: var(--bad); font-weight: 700; }
.cam .cam-badge-gone { background: var(--bad-bg); color: var(--bad); border-color: var(--bad-line); }
.cam .cam-id { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 11px; color: var(--muted); overflow-wrap: anywhere; }
.cam pre, .cam .cam-pre { font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, monospace; background: var(--soft); border: 1px solid var(--line); border-radius: 4px; padding: 8px; overflow: auto; margin: 4px 0 10px; white-space: pre-wrap; word-break: break-word; }
.cam h2 { font-size: 13px; margin: 10px 0 4px; overflow-wrap: anywhere; }
.cam h3 { font-size: 12px; margin: 8px 0 2px; color: var(--muted); font-weight: 600; }
.cam .cam-links { display: flex; flex-wrap: wrap; gap: 4px; }
.cam .cam-links button { font: inherit; font-size: 12px; min-height: 26px; border: 1px solid var(--field); background: var(--bg); color: var(--fg); border-radius: 4px; padding: 2px 6px; cursor: pointer; max-width: 280px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.cam table { border-collapse: collapse; width: 100%; font-size: 12px; }
.cam th { text-align: left; color: var(--muted); font-weight: 600; border-bottom: 1px solid var(--line); padding: 3px 6px; position: sticky; top: 0; background: var(--bg); }
.cam td { padding: 2px 6px; border-bottom: 1px solid var(--soft); white-space: nowrap; }
.cam td.cam-path { font-family: ui-monospace, Menlo, monospace; max-width: 480px; overflow: hidden; text-overflow: ellipsis; }
.cam .cam-s2xx .cam-status { color: var(--ok); }
.cam .cam-s4xx .cam-status { color: var(--warn); font-weight: 600; }
.cam .cam-s5xx .cam-status, .cam .cam-s0 .cam-status { color: var(--bad); font-weight: 600; }
.cam .cam-vlist .cam-s501 { background: var(--nyi-bg); }
.cam .cam-s501 .cam-status { color: var(--nyi); font-weight: 700; }
.cam .cam-filters, .cam .cam-form { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 6px 0; }
.cam .cam-form label { display: flex; gap: 4px; align-items: center; }
.cam .cam-form input[type="number"] { width: 84px; }
.cam section { margin-bottom: 14px; }
.cam .cam-steer > *, .cam .cam-form > span { min-width: 0; }
.cam .cam-steer { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(380px, 100%), 1fr)); gap: 8px 24px; align-content: start; }
.cam .cam-cards { display: flex; gap: 10px; flex-wrap: wrap; }
.cam .cam-card { border: 1px solid var(--line); border-radius: 6px; padding: 8px 12px; min-width: 160px; }
.cam .cam-card strong { font-size: 18px; display: block; }
.cam .cam-error { margin: 6px 12px; padding: 6px 10px; border: 1px solid var(--bad-line); background: var(--bad-bg); color: var(--bad); border-radius: 4px; display: flex; gap: 8px; align-items: flex-start; white-space: pre-wrap; }
.cam .cam-note { color: var(--muted); }
.cam table.cam-headers th { position: static; white-space: nowrap; vertical-align: top; }
.cam table.cam-headers td { white-space: normal; overflow-wrap: anywhere; font-family: ui-monospace, Menlo, monospace; }
.cam table.cam-timing { max-width: 480px; }
.cam table.cam-timing th { position: static; white-space: nowrap; }
.cam table.cam-timing td.cam-timing-ms { white-space: nowrap; text-align: right; font-family: ui-monospace, Menlo, monospace; }
.cam table.cam-timing td.cam-timing-track { width: 60%; }
.cam .cam-timing-bar { display: block; height: 8px; border-radius: 2px; background: var(--accent); }
.cam .cam-timing-queued { background: var(--warn); }
.cam .cam-timing-written { background: var(--ok); }
.cam .cam-file { display: inline-flex; align-items: center; gap: 6px; min-height: 28px; }
.cam .cam-said { white-space: pre-wrap; overflow-wrap: anywhere; }
.cam .cam-json-tools { display: flex; gap: 8px; align-items: center; }
.cam .cam-json details > summary { cursor: pointer; list-style-position: inside; min-height: 24px; line-height: 24px; }
.cam .cam-json details > summary:focus-visible { outline: 2px solid var(--accent); }
.cam .cam-json-children { padding-left: 16px; border-left: 1px dotted var(--line); margin-left: 4px; }
.cam .cam-json-key { color: var(--accent); }
.cam .cam-json-string { color: var(--ok); }
.cam .cam-json-number, .cam .cam-json-boolean, .cam .cam-json-null { color: var(--nyi); }
.cam .cam-confirm { border: 1px solid var(--bad-line); background: var(--bad-bg); border-radius: 4px; padding: 4px 10px; }
.cam .cam-confirm p { margin: 4px 0; }
.cam .cam-ok { color: var(--ok); font-weight: 600; }
.cam .cam-bad { color: var(--bad); }
.cam .cam-machine .cam-part { border-top: 1px solid var(--line); min-width: 0; overflow-wrap: anywhere; }
.cam ul.cam-part-list { margin: 2px 0 6px; padding-left: 18px; max-height: 240px; overflow: auto; }
.cam .cam-progress { display: flex; flex-wrap: wrap; gap: 4px 8px; align-items: center; }
.cam .cam-progress progress { flex: 1 1 120px; accent-color: var(--accent); }
.cam .cam-raw > summary { cursor: pointer; min-height: 24px; line-height: 24px; color: var(--muted); }
.cam button.cam-switch { font: inherit; min-height: 28px; display: inline-flex; gap: 8px; align-items: center; padding: 2px 10px 2px 4px; border: 1px solid var(--field); border-radius: 14px; background: var(--bg); color: var(--fg); cursor: pointer; }
.cam .cam-knob { width: 32px; height: 18px; border-radius: 9px; background: var(--soft); border: 1px solid var(--field); position: relative; }
.cam .cam-knob::after { content: ""; position: absolute; top: 2px; left: 2px; width: 12px; height: 12px; border-radius: 50%; background: var(--field); }
.cam button.cam-switch[aria-checked="true"] .cam-knob { background: var(--accent); border-color: var(--accent); }
.cam button.cam-switch[aria-checked="true"] .cam-knob::after { left: 16px; background: var(--on-accent); }
@container cam (max-width: 699px) {
  .cam header { padding-top: 4px; padding-bottom: 4px; }
  .cam .cam-split { flex-direction: column; overflow: auto; }
  .cam .cam-split > .cam-col:not(.cam-list) { overflow: visible; flex: none; }
  .cam .cam-list { width: auto; min-width: 0; border-right: 0; border-bottom: 1px solid var(--line); max-height: 45%; overflow: auto; flex: none; }
  .cam .cam-journal { border-right: 0; height: max(320px, 75%); flex: none; }
  .cam .cam-opened .cam-journal { display: none; }
  .cam .cam-opened .cam-back { display: inline-block; }
  .cam .cam-filters input[type="search"] { flex: 1 1 140px; }
  .cam .cam-form input:not([type="checkbox"]) { flex: 1 1 120px; }
  .cam td.cam-path { max-width: 60vw; }
}
.panel:focus { outline: none; }
.panel { position: fixed; z-index: 2147483646; box-sizing: border-box; background: var(--bg); color: var(--fg); display: flex; flex-direction: column;
  box-shadow: 0 -4px 16px rgba(0,0,0,.2); }
.panel-bottom { left: 0; right: 0; bottom: 0; border-top: 1px solid var(--field); padding-top: 24px; }
.panel-right { top: 0; right: 0; bottom: 0; border-left: 1px solid var(--field); padding-left: 24px; }
/* The grip sits in a strip of its own along the panel's edge, so it covers none of the panel's text. */
.panel-resize { position: absolute; z-index: 2; box-sizing: border-box; background: var(--soft); border: 1px solid var(--field); border-radius: 12px; touch-action: none; }
.panel-bottom .panel-resize { top: 0; left: calc(50% - 24px); width: 48px; height: 24px; cursor: ns-resize; }
.panel-right .panel-resize { left: 0; top: calc(50% - 24px); width: 24px; height: 48px; cursor: ew-resize; }
.panel-resize:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
.panel-tools { position: absolute; right: 4px; top: 2px; z-index: 1; display: flex; gap: 2px; }
.panel-tool { font: 18px/1 system-ui, sans-serif; min-width: 36px; min-height: 36px; border: 0; background: none; cursor: pointer; color: var(--muted); border-radius: 4px; }
.panel-tool:hover { background: var(--soft); color: var(--fg); }
.panel-tool:focus-visible { outline: 2px solid var(--accent); outline-offset: -2px; }
`
