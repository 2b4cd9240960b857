/** The graph's hover tooltip: a title and rows of key/value, as text nodes only (trace paths are data, never HTML). */

export function fillTooltip(tip: HTMLDivElement, title: string, rows: [string, string][]): void {
  const head = document.createElement('div');
  head.style.fontWeight = '600';
  head.style.wordBreak = 'break-all';
  head.textContent = title;
  const table = document.createElement('table');
  table.style.borderSpacing = '6px 0';
  for (const [k, v] of rows) {
    const tr = table.insertRow();
    tr.insertCell().textContent = k;
    const td = tr.insertCell();
    td.textContent = v;
    td.style.textAlign = 'right';
  }
  tip.replaceChildren(head, table);
}
