/// The page's one stylesheet, served at `/style.css`: mobile first (a phone at 375 px, then an
/// iPad in portrait and landscape, then a PC), touch targets of at least 44 px, text and
/// controls with contrast of 4.5:1 or more, the system's own fonts, and a print style that
/// leaves a clean list on paper (the overdue list) without navigation or buttons.
enum Stylesheet {
    static let text = """
    :root {
      --ink: #1d1d1f; --muted: #4a4a4f; --paper: #ffffff; --line: #c7c7cc; --tint: #f2f5f9;
      --accent: #0b57a4; --accent-ink: #ffffff; --alert: #a4161a; --alert-tint: #fdecec; --ok-tint: #e8f4ea;
      --focus: #f0a400;
    }
    *, *::before, *::after { box-sizing: border-box; }
    html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
    body {
      margin: 0; color: var(--ink); background: var(--paper);
      font-family: system-ui, -apple-system, "Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans CJK JP", "IPAGothic", "Yu Gothic", Meiryo, sans-serif;
      font-size: 1.0625rem; line-height: 1.6; overflow-wrap: anywhere;
    }
    a { color: var(--accent); }
    a:focus-visible, button:focus-visible, input:focus-visible, textarea:focus-visible, select:focus-visible {
      outline: 3px solid var(--focus); outline-offset: 2px;
    }
    .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
    .staff input[type="password"] { width: auto; max-width: 14rem; }
    .skip { position: absolute; left: -999px; top: 0; background: var(--paper); padding: .5rem 1rem; }
    .skip:focus { left: .5rem; z-index: 2; }
    .top { background: var(--tint); border-bottom: 1px solid var(--line); padding: .5rem .75rem; }
    .library { margin: 0 0 .25rem; font-weight: 700; display: flex; flex-wrap: wrap; justify-content: space-between; gap: .5rem; }
    .who { font-weight: 400; color: var(--muted); }
    nav ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: .25rem; }
    .top nav { display: flex; flex-wrap: wrap; gap: .25rem; align-items: center; justify-content: space-between; }
    .top nav a {
      display: inline-flex; align-items: center; min-height: 44px; padding: .25rem .75rem;
      border-radius: .5rem; text-decoration: none; font-weight: 600;
    }
    .top nav a[aria-current="page"] { background: var(--accent); color: var(--accent-ink); }
    main { padding: .75rem; max-width: 72rem; margin: 0 auto; }
    h1 { font-size: 1.5rem; margin: .5rem 0 1rem; }
    h2 { font-size: 1.2rem; margin: 1.5rem 0 .5rem; }
    .notice { background: var(--ok-tint); border-left: 4px solid #2e7d32; padding: .75rem 1rem; }
    .problems { background: var(--alert-tint); border-left: 4px solid var(--alert); padding: .75rem 1rem; color: var(--alert); }
    .problems ul { margin: 0; padding-left: 1.25rem; }
    .warning { background: var(--alert-tint); border-left: 4px solid var(--alert); padding: .75rem 1rem; font-weight: 600; }
    .button, button {
      display: inline-flex; align-items: center; justify-content: center; min-height: 44px; min-width: 44px;
      padding: .4rem 1rem; border-radius: .5rem; border: 1px solid var(--accent); background: var(--paper);
      color: var(--accent); font: inherit; font-weight: 600; text-decoration: none; cursor: pointer;
    }
    .button.primary, button.primary { background: var(--accent); color: var(--accent-ink); }
    .button.danger, button.danger { border-color: var(--alert); color: var(--alert); }
    .button.quiet, button.quiet { border-color: var(--line); color: var(--ink); }
    form.inline { display: inline; margin: 0; }
    .lookup-row { display: flex; flex-wrap: wrap; gap: .5rem; align-items: flex-end; }
    .lookup-row .field { flex: 0 1 32rem; margin-bottom: 0; }
    .lookup-row .lookup { margin-bottom: .25rem; }
    .lookup-found, .lookup-missing { margin: .75rem 0 1rem; }
    .lookup-found p { margin: .25rem 0; }
    .attribution { color: var(--muted); margin: .5rem 0; }
    .scan-form { background: var(--tint); border: 1px solid var(--line); border-radius: 8px; padding: .75rem 1rem; margin: 1rem 0; }
    .scan-form input[name="isbn"] { font-size: 1.5rem; letter-spacing: .05em; }
    table.scanned tr.needs-title td { background: var(--alert-tint); }
    table.scanned tr.undone td { color: var(--muted); text-decoration: line-through; }
    table.scanned tr.needs-title form.inline { display: flex; flex-wrap: wrap; gap: .5rem; margin-top: .25rem; }
    table.scanned tr.needs-title input[name="title"] { flex: 1 1 10rem; width: 6rem; min-width: 6rem; }
    .choices, .actions { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
    /* 「貸出」's children to choose from: a row of buttons, not a bulleted list. */
    ul.choose { list-style: none; padding: 0; margin: 0 0 1rem; display: flex; flex-wrap: wrap; gap: .5rem; }
    .field { margin: 0 0 1rem; }
    .field label, fieldset legend { display: block; font-weight: 600; margin-bottom: .25rem; }
    .hint { margin: 0 0 .25rem; color: var(--muted); font-size: .95rem; }
    .error { margin: 0 0 .25rem; color: var(--alert); font-weight: 600; }
    .field.invalid input, .field.invalid textarea { border-color: var(--alert); }
    input[type="text"], input[type="search"], input[type="password"], input[type="number"], textarea, select {
      width: 100%; max-width: 32rem; min-height: 44px; padding: .4rem .6rem; font: inherit;
      border: 1px solid #767680; border-radius: .4rem; background: var(--paper); color: var(--ink);
    }
    textarea { min-height: 8rem; }
    .check { display: flex; align-items: center; gap: .5rem; min-height: 44px; }
    .check input { width: 1.5rem; height: 1.5rem; margin: 0; }
    fieldset { border: 1px solid var(--line); border-radius: .5rem; margin: 0 0 1rem; padding: .5rem 1rem; }
    .search { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: flex-end; margin-bottom: 1rem; }
    .search .field { margin: 0; flex: 1 1 14rem; }
    .cards { list-style: none; padding: 0; margin: 0 0 1rem; display: grid; grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr)); gap: .75rem; }
    .card { border: 1px solid var(--line); border-radius: .75rem; padding: .75rem 1rem; background: var(--tint); }
    .card .label { display: block; color: var(--muted); }
    .card .figure { font-size: 1.75rem; font-weight: 700; }
    .card.alert { background: var(--alert-tint); border-color: var(--alert); }
    .card.alert .figure { color: var(--alert); }
    .address { font-size: 1.2rem; font-weight: 600; }
    .qr { width: 12rem; height: 12rem; image-rendering: pixelated; background: #fff; }
    .overdue { color: var(--alert); font-weight: 700; margin-left: .5rem; }
    .state-on-loan { color: var(--alert); font-weight: 600; }
    .state-available { color: #1b5e20; font-weight: 600; }
    .cover { width: 4rem; height: auto; border: 1px solid var(--line); }
    .cover-large { width: 10rem; height: auto; border: 1px solid var(--line); }
    .empty { color: var(--muted); }
    .list-caption { color: var(--muted); margin: .5rem 0; }
    .pager { display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; margin: 1rem 0; }
    dl.facts { display: grid; grid-template-columns: minmax(6rem, max-content) 1fr; gap: .25rem 1rem; }
    dl.facts dt { font-weight: 600; color: var(--muted); }
    dl.facts dd { margin: 0; }
    table.list { width: 100%; border-collapse: collapse; }
    table.list th { text-align: left; color: var(--muted); font-weight: 600; }
    table.list th, table.list td { padding: .5rem; border-bottom: 1px solid var(--line); vertical-align: middle; }
    tr.is-overdue td { background: var(--alert-tint); }
    table.list td.actions { display: table-cell; white-space: nowrap; }
    table.list td.actions > * + * { margin-left: .5rem; }
    table.list td.due { white-space: nowrap; }
    /* The body's overflow-wrap: anywhere lets a table squeeze a column to one letter
       ("B001|5", "貸出|中"); in lists a word breaks only when it cannot fit otherwise. */
    table.list th, table.list td { overflow-wrap: break-word; }
    /* まとめて登録 fits an iPad held upright with rows of every kind: a title with nowhere to
       break breaks anywhere, and a row's 編集 and 取り消し stack when the row is narrow. */
    table.scanned td.title { overflow-wrap: anywhere; }
    @media (min-width: 40rem) {
      table.scanned td.actions { white-space: normal; }
      table.scanned td.actions > *, table.scanned td.actions > * + * { margin: .125rem .5rem .125rem 0; }
      table.scanned td.actions .button, table.scanned td.actions button { white-space: nowrap; }
    }
    ul.differences { list-style: none; margin: 0; padding: 0; }
    ul.differences del { color: var(--muted); }
    ul.differences ins { text-decoration: none; font-weight: 600; }
    /* Column headings stay on one line; a row's heading (a class's name, however long) wraps. */
    table.list thead th, .state-on-loan, .state-available { white-space: nowrap; }
    /* A phone: each row of a list becomes a small card, so nothing scrolls sideways. */
    @media (max-width: 40rem) {
      table.list thead { position: absolute; left: -999px; }
      table.list, table.list tbody, table.list tr, table.list td { display: block; width: 100%; }
      table.list tr { border: 1px solid var(--line); border-radius: .5rem; margin-bottom: .75rem; padding: .25rem .5rem; }
      table.list td { border: 0; padding: .25rem 0; }
      table.list td.actions { display: flex; flex-wrap: wrap; gap: .5rem; white-space: normal; }
      table.list td.actions > * + * { margin-left: 0; }
      table.list td.due { white-space: normal; }
      table.list td .cell-label { display: inline; color: var(--muted); font-weight: 600; }
    }
    /* The school year: 組's forms in each class's row stay small, so the list fits an iPad. */
    table.classes td.class-forms { white-space: normal; }
    table.classes td.class-forms form.inline { display: inline-flex; flex-wrap: nowrap; gap: .25rem; align-items: center; margin: .125rem .5rem .125rem 0; }
    table.classes td.actions > * + * { margin-left: 0; }
    table.classes input[type="number"] { width: 4.5rem; }
    table.classes input[type="text"] { width: 9rem; }
    ul.graduates strong.overdue { display: inline-block; }
    .cell-label { display: none; }
    table.list td.number { white-space: nowrap; }
    input[type="month"] { min-height: 44px; padding: .4rem .6rem; font: inherit; border: 1px solid #767680; border-radius: .4rem; background: var(--paper); color: var(--ink); }
    /* 「使い方」: the guide's screenshots fit the screen, framed like a page within the page. */
    .guide-picture img { max-width: 100%; height: auto; border: 1px solid var(--line); border-radius: .5rem; }
    .guide pre { white-space: pre-wrap; overflow-wrap: anywhere; background: var(--tint); padding: .5rem; border-radius: .4rem; }
    @media (min-width: 48rem) {
      main { padding: 1rem 1.5rem; }
      .top { padding: .5rem 1.5rem; }
    }
    @media print {
      .top nav, .skip, form, .button, button, .pager, .address-box, .actions { display: none !important; }
      body { font-size: 11pt; color: #000; }
      .top { background: none; border: 0; }
      a { color: #000; text-decoration: none; }
      table.list th, table.list td { border-bottom: 1px solid #000; }
      tr.is-overdue td { background: none; }
      .overdue { color: #000; }
      .notice, .warning { display: none; }
      .list-caption { color: #000; font-weight: 700; }
      table.list tr { break-inside: avoid; }
    }
    """
}
