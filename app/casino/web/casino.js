// The casino floor's page (`casino serve`): sign-in, the tables, the open alerts, the hand
// history and one hand's timeline, and the Reports tab (a range shown as charts, drawn with
// Chart.js, and a table of figures, or downloaded as PDF, CSV or JSON),
// read over the WebSocket (app/casino/contract.ts). Read-only: the only buttons sign in or out,
// change the language or the tab, page the history and download a report. English and Czech.
'use strict';
(() => {
  const WORDS = {
    en: {
      title: 'Casino floor', signInTitle: 'Sign in', signInHint: 'Floor and auditors: your staff id and PIN.', staffId: 'Staff id', pin: 'PIN',
      signIn: 'Sign in', signOut: 'Sign out', tables: 'Tables', alerts: 'Open alerts', history: 'Hand history', table: 'Table', allTables: 'all tables',
      newer: 'Newer', older: 'Older', hand: 'Hand', started: 'Started', outcome: 'Outcome', players: 'Players', events: 'Events', time: 'Time', who: 'Who',
      event: 'Event', phase: 'Phase', lang: 'čeština', page: (n) => `page ${n}`, noTables: 'No table has sent anything yet.', noAlerts: 'No open alert.',
      noHands: 'No hand.', dealer: 'Dealer', noDealer: 'no dealer', handNo: (n) => `hand ${n}`, lastRow: (s) => `last row ${s} ago`, noRow: 'no row yet',
      behind: (n) => `${n} rows not yet on the server`, waited: (s) => `waiting ${s}`, centralOk: 'Central connected', centralDown: (t) => `Central down since ${t}: showing the last state`,
      signedIn: (name, role) => `${name} (${role})`, floor: 'floor', auditor: 'auditor', emptySeat: 'empty', timelineOf: (h, t) => `Hand ${h} at table ${t}`,
      sourceCentral: 'central', sourceTable: 'table',
      tabFloor: 'Floor', tabReports: 'Reports', reportsTitle: 'Reports', reportsHint: 'Per table and for the whole floor, as the table report gives them. Dates in UTC; a date alone is its whole day.',
      from: 'From', to: 'To', reportTables: 'Tables (none ticked: every table)', format: 'Format', download: 'Download', reportWorking: 'Making the report…',
      reportDone: (name) => `Downloaded ${name}.`, reportFailed: 'The report failed:',
      show: 'Show', reportShown: 'The report below.', chartHours: 'Hands per hour (UTC)', chartMoney: 'Money per seat (net won or lost)', chartMisdeals: 'Misdeals by cause',
      colHands: 'Hands', colPerHour: 'Hands per hour', colMisdeals: 'Misdeals', colFouls: 'Fouls', colNaturals: 'Naturals', colSurrenders: 'Surrenders', colAllIns: 'All-ins',
      colMoved: 'Money moved', colDrop: 'Buy-ins', colCashOuts: 'Cash-outs', colAlerts: 'Alerts', colAck: 'Mean time to acknowledge', colChain: 'Chain check',
      wholeFloor: 'Whole floor', seat: (n) => `Seat ${n}`, hands: 'hands', noMisdeal: 'No misdeal in the range.', noHandsInRange: 'No hand in the range.',
      chainOk: (n) => `intact (${num(n)} rows)`, chainBad: (n) => `NOT OK (${n} problems)`, seconds: (s) => `${s} s`,
      summary: (f, hands, perHour, moved, chain) => `${f}: ${hands} hands, ${perHour} per hour, ${moved} moved; chain check ${chain}.`,
      phases: { 'between-hands': 'between hands', dealing: 'dealing', setting: 'setting', showdown: 'showdown', paying: 'paying', closed: 'closed', misdealt: 'misdeal', voided: 'voided', idle: 'idle' },
      errors: { 'not-allowed': 'Only the floor and auditors may read the casino view.', 'wrong-pin': 'Wrong PIN.', 'unknown-staff': 'Unknown staff id.', 'locked-out': 'Locked out.', 'not-signed-in': 'Please sign in.' },
    },
    cs: {
      title: 'Kasino – sál', signInTitle: 'Přihlášení', signInHint: 'Vedoucí směny a auditoři: osobní číslo a PIN.', staffId: 'Osobní číslo', pin: 'PIN',
      signIn: 'Přihlásit', signOut: 'Odhlásit', tables: 'Stoly', alerts: 'Otevřená upozornění', history: 'Historie her', table: 'Stůl', allTables: 'všechny stoly',
      newer: 'Novější', older: 'Starší', hand: 'Hra', started: 'Začátek', outcome: 'Výsledek', players: 'Hráči', events: 'Události', time: 'Čas', who: 'Kdo',
      event: 'Událost', phase: 'Fáze', lang: 'English', page: (n) => `strana ${n}`, noTables: 'Žádný stůl zatím nic neposlal.', noAlerts: 'Žádné otevřené upozornění.',
      noHands: 'Žádná hra.', dealer: 'Krupiér', noDealer: 'bez krupiéra', handNo: (n) => `hra ${n}`, lastRow: (s) => `poslední záznam před ${s}`, noRow: 'zatím žádný záznam',
      behind: (n) => `${n} záznamů zatím není na serveru`, waited: (s) => `čeká ${s}`, centralOk: 'Centrála připojena', centralDown: (t) => `Centrála nedostupná od ${t}: poslední známý stav`,
      signedIn: (name, role) => `${name} (${role})`, floor: 'vedoucí', auditor: 'auditor', emptySeat: 'volno', timelineOf: (h, t) => `Hra ${h} u stolu ${t}`,
      sourceCentral: 'centrála', sourceTable: 'stůl',
      tabFloor: 'Sál', tabReports: 'Výkazy', reportsTitle: 'Výkazy', reportsHint: 'Za každý stůl a za celý sál, jako výkaz stolu. Data v UTC; samotné datum je celý den.',
      from: 'Od', to: 'Do', reportTables: 'Stoly (nic nezaškrtnuto: všechny stoly)', format: 'Formát', download: 'Stáhnout', reportWorking: 'Výkaz se připravuje…',
      reportDone: (name) => `Staženo: ${name}.`, reportFailed: 'Výkaz se nepodařil:',
      show: 'Zobrazit', reportShown: 'Výkaz je níže.', chartHours: 'Hry za hodinu (UTC)', chartMoney: 'Peníze podle místa (čistá výhra nebo prohra)', chartMisdeals: 'Chybná rozdání podle příčiny',
      colHands: 'Hry', colPerHour: 'Her za hodinu', colMisdeals: 'Chybná rozdání', colFouls: 'Fauly', colNaturals: 'Naturály', colSurrenders: 'Vzdání', colAllIns: 'All-in',
      colMoved: 'Přesunuté peníze', colDrop: 'Nákupy žetonů', colCashOuts: 'Výplaty', colAlerts: 'Upozornění', colAck: 'Průměrná doba potvrzení', colChain: 'Kontrola řetězce',
      wholeFloor: 'Celý sál', seat: (n) => `Místo ${n}`, hands: 'her', noMisdeal: 'V období žádné chybné rozdání.', noHandsInRange: 'V období žádná hra.',
      chainOk: (n) => `v pořádku (záznamů: ${num(n)})`, chainBad: (n) => `NENÍ v pořádku (${n} problémů)`, seconds: (s) => `${s} s`,
      summary: (f, hands, perHour, moved, chain) => `${f}: ${hands} her, ${perHour} za hodinu, přesunuto ${moved}; kontrola řetězce ${chain}.`,
      phases: { 'between-hands': 'mezi hrami', dealing: 'rozdávání', setting: 'skládání', showdown: 'odkrytí', paying: 'výplata', closed: 'uzavřena', misdealt: 'chybné rozdání', voided: 'zrušena', idle: 'čeká' },
      errors: { 'not-allowed': 'Kasino mohou číst jen vedoucí a auditoři.', 'wrong-pin': 'Špatný PIN.', 'unknown-staff': 'Neznámé osobní číslo.', 'locked-out': 'Zablokováno.', 'not-signed-in': 'Přihlaste se.' },
    },
  };
  const params = new URLSearchParams(location.search);
  let lang = params.get('lang') === 'cs' ? 'cs' : 'en';
  const w = () => WORDS[lang];
  const $ = (id) => document.getElementById(id);
  const el = (tag, attrs, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) if (k === 'class') e.className = v; else e.setAttribute(k, v);
    for (const k of kids) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
    return e;
  };

  // ------------------------------------------------------------------ the socket
  let ws = null;
  let nextId = 1;
  const waiting = new Map();
  function connect() {
    ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
    ws.onmessage = (m) => {
      const msg = JSON.parse(m.data);
      if (msg.t === 'res') {
        const done = waiting.get(msg.id);
        waiting.delete(msg.id);
        if (done) done(msg.result);
      } else if (msg.t === 'push' && msg.name === 'session') showSession(msg.payload);
    };
    ws.onopen = () => void ask('session').then((r) => r.ok && showSession(r.value));
    ws.onclose = () => setTimeout(connect, 2000);
  }
  function ask(name, args) {
    return new Promise((resolve) => {
      if (!ws || ws.readyState !== WebSocket.OPEN) return resolve({ ok: false, error: { code: 'offline', message: 'not connected' } });
      const id = nextId++;
      waiting.set(id, resolve);
      ws.send(JSON.stringify({ t: 'req', id, name, args: args || {} }));
    });
  }

  // ------------------------------------------------------------------ words and figures
  function ago(ms) {
    const s = Math.max(0, Math.round(ms / 1000));
    if (s < 60) return `${s} s`;
    const m = Math.floor(s / 60);
    if (m < 60) return `${m} min ${s % 60} s`;
    return `${Math.floor(m / 60)} h ${m % 60} min`;
  }
  const num = (n) => n.toLocaleString(lang === 'cs' ? 'cs-CZ' : 'en-GB');
  const money = (minor) => (minor / 100).toLocaleString(lang === 'cs' ? 'cs-CZ' : 'en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const clock = (iso) => new Date(iso).toLocaleTimeString(lang === 'cs' ? 'cs-CZ' : 'en-GB');
  const stamp = (iso) => new Date(iso).toLocaleString(lang === 'cs' ? 'cs-CZ' : 'en-GB');
  const phase = (p) => w().phases[p] || p;
  function wordAll() {
    document.documentElement.lang = lang;
    for (const e of document.querySelectorAll('[data-t]')) e.textContent = w()[e.getAttribute('data-t')];
    $('lang').textContent = w().lang;
  }

  // ------------------------------------------------------------------ session
  let signedIn = false;
  let touched = true;
  let page = 0;
  let tab = 'floor';
  function showTab(name) {
    tab = name;
    $('floor').hidden = !signedIn || name !== 'floor';
    $('reports').hidden = !signedIn || name !== 'reports';
    $('tab-floor').classList.toggle('active', name === 'floor');
    $('tab-reports').classList.toggle('active', name === 'reports');
  }
  $('tab-floor').addEventListener('click', () => showTab('floor'));
  $('tab-reports').addEventListener('click', () => showTab('reports'));
  function showSession(s) {
    const p = s.people.find((x) => x.purpose === 'floor-action' || x.purpose === 'audit');
    signedIn = !!p;
    $('signin').hidden = signedIn;
    $('tabs').hidden = !signedIn;
    showTab(signedIn ? tab : 'floor');
    $('signout').hidden = !signedIn;
    $('who').textContent = p ? w().signedIn(p.name, p.purpose === 'audit' ? w().auditor : w().floor) : '';
    if (signedIn) {
      void refresh();
      void loadHistory();
    }
  }
  $('signin-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const staffId = $('staff-id').value.trim();
    const pin = $('pin').value;
    $('pin').value = '';
    void ask('signIn', { staffId, pin }).then((r) => {
      $('signin-error').textContent = r.ok ? '' : (w().errors[r.error.code] ? `${w().errors[r.error.code]} ` : '') + r.error.message;
      if (r.ok) showSession(r.value);
    });
  });
  $('signout').addEventListener('click', () => void ask('signOut').then((r) => r.ok && showSession(r.value)));
  $('lang').addEventListener('click', () => {
    lang = lang === 'en' ? 'cs' : 'en';
    wordAll();
    showReport();
    if (signedIn) {
      void refresh();
      void loadHistory();
    }
  });
  for (const type of ['pointerdown', 'keydown', 'wheel']) document.addEventListener(type, () => (touched = true), { passive: true });

  // ------------------------------------------------------------------ the floor
  function refused(r) {
    if (r.error.code === 'not-signed-in') showSession({ people: [] });
  }
  async function refresh() {
    if (!signedIn) return;
    const touch = touched;
    touched = false;
    const r = await ask('overview', { touch });
    if (!r.ok) return refused(r);
    const o = r.value;
    const c = $('central');
    c.textContent = o.central.state === 'down' ? w().centralDown(clock(o.central.since)) : w().centralOk;
    c.className = `central ${o.central.state}`;
    if (o.central.reason) c.title = o.central.reason;
    renderTables(o.tables);
    renderAlerts(o.alerts);
    const select = $('history-table');
    const have = new Set([...select.options].map((x) => x.value));
    for (const t of o.tables) if (!have.has(t.tableId)) select.append(el('option', { value: t.tableId }, t.tableId));
    const boxes = $('report-tables');
    const listed = new Set([...boxes.querySelectorAll('input')].map((x) => x.value));
    for (const t of o.tables) {
      if (listed.has(t.tableId)) continue;
      listed.add(t.tableId);
      boxes.append(el('label', { class: 'check' }, el('input', { type: 'checkbox', value: t.tableId }), ` ${t.tableId}`));
    }
  }

  // ------------------------------------------------------------------ reports
  const today = new Date().toISOString().slice(0, 10);
  $('report-from').value = today;
  $('report-to').value = today;
  let shownReport = null;
  const charts = {};
  $('report-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const tableIds = [...$('report-tables').querySelectorAll('input:checked')].map((x) => x.value);
    const dealer = $('report-dealer').value.trim();
    const range = { from: $('report-from').value, to: $('report-to').value, ...(tableIds.length ? { tableIds } : {}), ...(dealer ? { dealer } : {}) };
    $('report-status').textContent = w().reportWorking;
    $('report-button').disabled = true;
    $('report-show').disabled = true;
    const done = () => {
      $('report-button').disabled = false;
      $('report-show').disabled = false;
    };
    if (ev.submitter && ev.submitter.id === 'report-show') {
      void ask('reportView', range).then((r) => {
        done();
        if (!r.ok) {
          $('report-status').textContent = `${w().reportFailed} ${r.error.message}`;
          return refused(r);
        }
        $('report-status').textContent = w().reportShown;
        shownReport = r.value;
        showReport();
      });
      return;
    }
    void ask('report', { ...range, format: $('report-format').value }).then((r) => {
      done();
      if (!r.ok) {
        $('report-status').textContent = `${w().reportFailed} ${r.error.message}`;
        return refused(r);
      }
      const bytes = Uint8Array.from(atob(r.value.base64), (ch) => ch.charCodeAt(0));
      const href = URL.createObjectURL(new Blob([bytes], { type: r.value.type }));
      const a = el('a', { href, download: r.value.name });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(href), 60_000);
      $('report-status').textContent = w().reportDone(r.value.name);
    });
  });
  // The floor report's figures as `casino report` gives them (app/casino/floor-report.ts): the
  // charts and the table read them as they are, nothing is computed here but the layout.
  const COLOURS = ['#1f3d2b', '#d97a00', '#2a6db0', '#8a2be2', '#a40000', '#4d8c57', '#b5838d', '#555'];
  function chart(id, type, labels, datasets, stacked) {
    if (charts[id]) charts[id].destroy();
    charts[id] = new Chart($(id), {
      type,
      data: { labels, datasets },
      options: {
        animation: false, responsive: true, maintainAspectRatio: false,
        plugins: { legend: { display: datasets.length > 1 } },
        // Counts stack by table in whole numbers; money per seat stands side by side.
        scales: { x: { stacked }, y: { stacked, beginAtZero: true, ...(stacked ? { ticks: { precision: 0 } } : {}) } },
      },
    });
  }
  const hourLabel = (hour, days) => (days > 1 ? `${hour.slice(8, 10)}.${hour.slice(5, 7)}. ${hour.slice(11, 13)}:00` : `${hour.slice(11, 13)}:00`);
  function showReport() {
    const r = shownReport;
    if (!r) return;
    $('report-view').hidden = false;
    const f = r.floor.totals;
    const chainWords = (c) => (c.ok ? w().chainOk(c.rows) : w().chainBad(c.problems.length));
    $('report-status').textContent = w().reportShown;
    $('report-summary').textContent = w().summary(w().wholeFloor, f.hands, num(f.handsPerHour), money(f.payments.amount), chainWords(r.floor.chain));
    const hours = f.byHour.map((h) => h.hour);
    const days = new Set(hours.map((h) => h.slice(0, 10))).size;
    const dataset = (i, label, data) => ({ label, data, backgroundColor: COLOURS[i % COLOURS.length] });
    chart('chart-hours', 'bar', hours.map((h) => hourLabel(h, days)),
      r.tables.map((t, i) => dataset(i, t.tableId, hours.map((h) => t.report.totals.byHour.find((x) => x.hour === h)?.hands ?? 0))), true);
    const seats = [...new Set(r.tables.flatMap((t) => t.report.totals.seats.map((s) => s.seat)))].sort((a, b) => a - b);
    chart('chart-money', 'bar', seats.map((s) => w().seat(s)),
      r.tables.map((t, i) => dataset(i, t.tableId, seats.map((s) => (t.report.totals.seats.find((x) => x.seat === s)?.net ?? 0) / 100))), false);
    const causes = Object.keys(f.misdealsByCause);
    chart('chart-misdeals', 'bar', causes, r.tables.map((t, i) => dataset(i, t.tableId, causes.map((c) => t.report.totals.misdealsByCause[c] ?? 0))), true);
    const rows = $('report-rows');
    rows.replaceChildren();
    const sum = (o) => Object.values(o).reduce((a, b) => a + b, 0);
    const row = (name, x, chain, cls) => el('tr', { class: cls, 'data-table': name },
      el('td', {}, name), el('td', {}, num(x.hands)), el('td', {}, num(x.handsPerHour)), el('td', {}, num(x.misdeals)), el('td', {}, num(x.fouls)), el('td', {}, num(sum(x.naturals))),
      el('td', {}, num(x.surrenders)), el('td', {}, num(x.allIns)), el('td', {}, money(x.payments.amount)), el('td', {}, money(x.buyIns.amount)), el('td', {}, money(x.cashOuts.amount)),
      el('td', {}, num(x.alerts.count)), el('td', {}, x.alerts.meanAckSeconds === null ? '' : w().seconds(num(x.alerts.meanAckSeconds))),
      el('td', { class: chain.ok ? '' : 'bad' }, chainWords(chain)));
    for (const t of r.tables) rows.append(row(t.tableId, t.report.totals, t.report.chain, 'table'));
    rows.append(row(w().wholeFloor, f, r.floor.chain, 'floor'));
  }

  function renderTables(tables) {
    const box = $('tables');
    box.replaceChildren();
    if (tables.length === 0) box.append(el('p', { class: 'empty' }, w().noTables));
    for (const t of tables) {
      const seats = el('table', {});
      for (let i = 0; i < 4; i++) {
        const s = t.seats[i];
        seats.append(el('tr', {}, el('td', {}, i + 1), el('td', {}, s ? s.name || s.playerId : w().emptySeat), el('td', { class: 'stack' }, s ? money(s.stack) : '')));
      }
      const late = t.lagMs !== null && t.lagMs > 60_000;
      const card = el('article', { class: 'table-card', 'data-table': t.tableId },
        el('h3', {}, `${t.tableId}${t.name && t.name !== t.tableId ? ` · ${t.name}` : ''}`),
        el('div', { class: 'phase' }, `${phase(t.phase)} · ${w().handNo(t.handNumber)}`),
        el('div', { class: 'meta' }, `${w().dealer}: ${t.dealer || w().noDealer}`),
        seats,
        el('div', { class: `meta lag${late ? ' late' : ''}` }, t.lagMs === null ? w().noRow : w().lastRow(ago(t.lagMs)), t.behind > 0 ? ` · ${w().behind(t.behind)}` : ''));
      if (t.problem) card.append(el('div', { class: 'problem' }, t.problem));
      box.append(card);
    }
  }
  function renderAlerts(alerts) {
    const list = $('alerts');
    list.replaceChildren();
    if (alerts.length === 0) list.append(el('li', { class: 'empty' }, w().noAlerts));
    for (const a of alerts) {
      list.append(el('li', { class: a.source, 'data-kind': a.kind },
        el('span', { class: 'wait' }, w().waited(ago(a.waitedMs))),
        `${a.source === 'central' ? w().sourceCentral : w().sourceTable} ${a.tableIds.join(', ')} · ${a.kind}${a.code ? ` (${a.code})` : ''}: ${a.message}`));
    }
  }

  // ------------------------------------------------------------------ history and timeline
  async function loadHistory() {
    if (!signedIn) return;
    const tableId = $('history-table').value;
    const r = await ask('history', { page, size: 20, ...(tableId ? { tableId } : {}) });
    if (!r.ok) return refused(r);
    const body = $('history');
    body.replaceChildren();
    if (r.value.hands.length === 0) body.append(el('tr', {}, el('td', { colspan: '6', class: 'empty' }, w().noHands)));
    for (const h of r.value.hands) {
      const players = h.players.map((p) => `${p.name}${p.net === null ? '' : ` ${p.net > 0 ? '+' : ''}${money(p.net)}`}`).join(', ');
      const row = el('tr', { 'data-hand': h.handId }, el('td', {}, h.tableId), el('td', {}, h.number), el('td', {}, stamp(h.startedAt)), el('td', {}, phase(h.phase)), el('td', {}, players), el('td', {}, h.events));
      row.addEventListener('click', () => void showTimeline(h.terminalId, h.handId));
      body.append(row);
    }
    $('page').textContent = w().page(page + 1);
    $('newer').disabled = page === 0;
    $('older').disabled = !r.value.more;
  }
  $('history-table').addEventListener('change', () => { page = 0; void loadHistory(); });
  $('newer').addEventListener('click', () => { page = Math.max(0, page - 1); void loadHistory(); });
  $('older').addEventListener('click', () => { page += 1; void loadHistory(); });
  function describe(e) {
    const parts = Object.entries(e).filter(([k]) => k !== 'type' && k !== 'words').map(([k, v]) => `${k} ${typeof v === 'object' ? JSON.stringify(v) : v}`);
    return `${e.type}${parts.length ? `: ${parts.join(', ')}` : ''}`;
  }
  async function showTimeline(terminalId, handId) {
    const r = await ask('timeline', { terminalId, handId });
    if (!r.ok) return refused(r);
    const t = r.value;
    $('timeline').hidden = false;
    $('timeline-title').textContent = w().timelineOf(t.number, t.tableId);
    const rows = $('timeline-rows');
    rows.replaceChildren();
    t.steps.forEach((s, i) => rows.append(el('tr', {}, el('td', {}, s.index + 1), el('td', {}, clock(new Date(s.at).toISOString())), el('td', {}, t.who[i]), el('td', {}, describe(s.event)), el('td', {}, phase(s.after.phase)))));
    $('timeline').scrollIntoView();
  }

  wordAll();
  connect();
  setInterval(() => void refresh(), 1000);
})();
