// UI strings in English and German; the choice is kept in localStorage.
const STRINGS = {
  en: {
    title: "hulldown",
    tagline: "WW2 tank tabletop games",
    language: "Language",
    newGame: "New game",
    game: "Game",
    players: "Players",
    seat: "Seat",
    human: "Human",
    botRandom: "Bot: random",
    botHeuristic: "Bot: heuristic",
    botSearch: "Bot: search (ISMCTS), {level}",
    level_easy: "easy",
    level_normal: "normal",
    level_hard: "hard",
    botCustom: "Bot (custom)…",
    options: "Options",
    cardSet: "Card set",
    builtInCards: "built-in cards",
    clock: "Turn clock (seconds, empty: none)",
    takeover: "Bot that takes over a seat that leaves or times out",
    allowUndo: "Allow undo",
    create: "Create game",
    invites: "Invite links — give each player only their own",
    spectator: "Spectator link",
    open: "Open",
    openGames: "Open games",
    runningGames: "Running games",
    finishedGames: "Finished games",
    none: "none",
    refresh: "Refresh",
    watch: "Watch",
    replay: "Replay",
    yourTurn: "Your decision",
    waitingFor: "Waiting for {who}",
    gameOver: "Game over",
    youWon: "You won",
    won: "{who} won",
    shareWin: "{who} share the win",
    draw: "Draw",
    places: "Places",
    you: "you",
    spectating: "You are watching as a spectator.",
    playingAs: "You play seat {seat}.",
    undo: "Undo my last decision",
    allowHints: "Offer hints (the game is then not rated)",
    hint: "Hint",
    hintThinking: "Thinking…",
    hintIntro: "A search from your view ({n} tries) suggests:",
    hintFailed: "No hint: {msg}",
    winChance: "{p} % to win ({n} visits)",
    why: "why?",
    whyTitle: "Why move {n}",
    whySearch: "{who} searched {n} times and weighed these moves (the chosen one first):",
    whyRule: "{who} follows a rule of thumb ({agent}) and searched nothing.",
    whyRandom: "{who} plays a random legal move.",
    whyRuleNamed: "{who} follows fixed rules ({agent}) and searched nothing; the rule it applied (rulebook clauses):",
    whyFallback: "{who} gave no move ({reason}); the game's rule of thumb played instead.",
    leave: "Leave seat to a bot",
    comeBack: "Take my seat back",
    rematch: "Rematch",
    rematchReady: "Rematch ready: open your seat",
    log: "Game log",
    board: "Board",
    decision: "Decision",
    connected: "live",
    disconnected: "reconnecting…",
    stale: "The game moved on; here is the current position.",
    illegal: "Not allowed: {msg}",
    error: "Error: {msg}",
    step: "Decision {n} of {total}",
    first: "First",
    prev: "Back",
    next: "Forward",
    last: "Last",
    clockLeft: "{who}: {s} s left",
    botFallback: "{who}'s bot failed {n}× ({reason}); a stand-in move was played instead.",
    bot: "bot",
    online: "online",
    offline: "offline",
    empty: "empty",
    lobby: "Lobby",
    copy: "Copy",
    rules: "Rules",
    learn: "Learn",
    tutorials: "Tutorials: learn a game",
    learnStep: "Step {n} of {total}",
    learnWhy: "Why",
    learnClause: "Rule {clause}",
    learnNotThis: "Not this move",
    learnDone: "Tutorial complete",
    learnAgain: "Start again",
    learnPlay: "Play a game",
    learnDo: "Your move",
    searchRules: "Search the clauses",
    clausesFound: "{n} clauses match",
    rulesLanguage: "",
  },
  de: {
    title: "hulldown",
    tagline: "Panzer-Brettspiele des Zweiten Weltkriegs",
    language: "Sprache",
    newGame: "Neues Spiel",
    game: "Spiel",
    players: "Spieler",
    seat: "Platz",
    human: "Mensch",
    botRandom: "Bot: Zufall",
    botHeuristic: "Bot: Heuristik",
    botSearch: "Bot: Suche (ISMCTS), {level}",
    level_easy: "leicht",
    level_normal: "mittel",
    level_hard: "schwer",
    botCustom: "Bot (eigene Angabe)…",
    options: "Optionen",
    cardSet: "Kartensatz",
    builtInCards: "eingebaute Karten",
    clock: "Zuguhr (Sekunden, leer: keine)",
    takeover: "Bot, der einen verlassenen oder abgelaufenen Platz übernimmt",
    allowUndo: "Zurücknehmen erlauben",
    create: "Spiel anlegen",
    invites: "Einladungslinks – jeder Person nur ihren eigenen geben",
    spectator: "Zuschauerlink",
    open: "Öffnen",
    openGames: "Offene Spiele",
    runningGames: "Laufende Spiele",
    finishedGames: "Beendete Spiele",
    none: "keine",
    refresh: "Aktualisieren",
    watch: "Zuschauen",
    replay: "Wiederholung",
    yourTurn: "Du bist am Zug",
    waitingFor: "Warten auf {who}",
    gameOver: "Spiel beendet",
    youWon: "Du hast gewonnen",
    won: "{who} hat gewonnen",
    shareWin: "{who} teilen sich den Sieg",
    draw: "Unentschieden",
    places: "Platzierung",
    you: "du",
    spectating: "Du schaust als Zuschauer zu.",
    playingAs: "Du spielst Platz {seat}.",
    undo: "Letzte Entscheidung zurücknehmen",
    allowHints: "Tipps anbieten (das Spiel wird dann nicht gewertet)",
    hint: "Tipp",
    hintThinking: "Rechne…",
    hintIntro: "Eine Suche aus deiner Sicht ({n} Versuche) schlägt vor:",
    hintFailed: "Kein Tipp: {msg}",
    winChance: "{p} % Siegchance ({n} Besuche)",
    why: "warum?",
    whyTitle: "Warum Zug {n}",
    whySearch: "{who} hat {n}-mal gesucht und diese Züge abgewogen (der gewählte zuerst):",
    whyRule: "{who} folgt einer Faustregel ({agent}) und hat nicht gesucht.",
    whyRandom: "{who} spielt einen zufälligen erlaubten Zug.",
    whyRuleNamed: "{who} folgt festen Regeln ({agent}) und hat nicht gesucht; angewandt hat er (Regelabschnitte, englisch):",
    whyFallback: "{who} hat keinen Zug geliefert ({reason}); stattdessen hat die Faustregel des Spiels gezogen.",
    leave: "Platz einem Bot überlassen",
    comeBack: "Platz zurücknehmen",
    rematch: "Revanche",
    rematchReady: "Revanche bereit: Platz öffnen",
    log: "Spielprotokoll",
    board: "Spielfeld",
    decision: "Entscheidung",
    connected: "verbunden",
    disconnected: "verbinde neu…",
    stale: "Das Spiel ist weitergegangen; hier ist der aktuelle Stand.",
    illegal: "Nicht erlaubt: {msg}",
    error: "Fehler: {msg}",
    step: "Entscheidung {n} von {total}",
    first: "Anfang",
    prev: "Zurück",
    next: "Vor",
    last: "Ende",
    clockLeft: "{who}: noch {s} s",
    botFallback: "Der Bot von {who} ist {n}× ausgefallen ({reason}); stattdessen wurde ein Ersatzzug gespielt.",
    bot: "Bot",
    online: "online",
    offline: "offline",
    empty: "leer",
    lobby: "Lobby",
    copy: "Kopieren",
    rules: "Regeln",
    learn: "Lernen",
    tutorials: "Einführungen: ein Spiel lernen",
    learnStep: "Schritt {n} von {total}",
    learnWhy: "Warum",
    learnClause: "Regel {clause}",
    learnNotThis: "Nicht dieser Zug",
    learnDone: "Einführung abgeschlossen",
    learnAgain: "Noch einmal",
    learnPlay: "Eine Partie spielen",
    learnDo: "Dein Zug",
    searchRules: "Regeln durchsuchen",
    clausesFound: "{n} Regeln gefunden",
    rulesLanguage: "Die Regeln gibt es nur auf Englisch.",
  },
};

let lang = localStorage.getItem("hulldown.lang") || (navigator.language || "en").slice(0, 2);
if (!(lang in STRINGS)) lang = "en";

export function currentLang() {
  return lang;
}

export function t(key, vars = {}) {
  const s = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => (k in vars ? String(vars[k]) : `{${k}}`));
}

// A message of a game's catalog ({en: {key: template}, de: {...}}, served by
// /api/catalog/<game>/messages) in the chosen language, English where a key is untranslated.
export function tm(messages, key, vars = {}) {
  const table = (messages && (messages[lang] || {})) || {};
  const s = table[key] ?? (messages && messages.en ? messages.en[key] : undefined);
  if (s === undefined) return key;
  return s.replace(/\{(\w+)\}/g, (_, k) => (k in vars ? String(vars[k]) : `{${k}}`));
}

export function applyStatic(root = document) {
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-i18n]"))) el.textContent = t(el.dataset.i18n);
  document.documentElement.lang = lang;
}

export function languageSwitch(onChange) {
  const sel = document.createElement("select");
  sel.id = "lang";
  sel.setAttribute("aria-label", "Language / Sprache");
  for (const [code, name] of [["en", "English"], ["de", "Deutsch"]]) {
    const o = new Option(name, code, false, code === lang);
    sel.append(o);
  }
  sel.addEventListener("change", () => {
    lang = sel.value;
    localStorage.setItem("hulldown.lang", lang);
    applyStatic();
    onChange();
  });
  return sel;
}
