// The account box of the lobby: register, log in and out, my games, open seats.
// The session cookie is HttpOnly; writes echo the readable csrf cookie in X-CSRF-Token.
// Names and game ids are put into the page as text, never as markup.
import { h } from "./dom.js";
import { currentLang } from "./i18n.js";

const STRINGS = {
  en: {
    account: "Account",
    username: "Name",
    password: "Password",
    login: "Log in",
    register: "Register",
    logout: "Log out",
    loggedInAs: "Logged in as",
    myGames: "My games",
    openSeats: "Open seats",
    yourTurn: "your turn",
    waiting: "waiting",
    over: "over",
    join: "Join",
    play: "Play",
    seatMe: "Me (my account)",
    seatOpen: "Open seat (any account)",
    nothing: "none",
    profile: "Profile",
    email: "E-mail for turns in correspondence games",
    save: "Save",
    saved: "saved",
  },
  de: {
    account: "Konto",
    username: "Name",
    password: "Passwort",
    login: "Anmelden",
    register: "Registrieren",
    logout: "Abmelden",
    loggedInAs: "Angemeldet als",
    myGames: "Meine Partien",
    openSeats: "Freie Plätze",
    yourTurn: "du bist am Zug",
    waiting: "wartet",
    over: "beendet",
    join: "Beitreten",
    play: "Spielen",
    seatMe: "Ich (mein Konto)",
    seatOpen: "Freier Platz (jedes Konto)",
    nothing: "keine",
    profile: "Profil",
    email: "E-Mail bei Fernpartien, wenn du am Zug bist",
    save: "Speichern",
    saved: "gespeichert",
  },
};

let me = null;

function tr(key) {
  return (STRINGS[currentLang()] || STRINGS.en)[key] ?? STRINGS.en[key] ?? key;
}

export function csrfHeaders() {
  const m = document.cookie.match(/(?:^|;\s*)csrf=([^;]+)/);
  return m ? { "X-CSRF-Token": decodeURIComponent(m[1]) } : {};
}

// The seat kinds only a logged-in account can create.
export function accountSeatChoices() {
  return me ? [["me", tr("seatMe")], ["open", tr("seatOpen")]] : [];
}

async function call(method, path, body) {
  const init = { method, headers: { "Content-Type": "application/json", ...csrfHeaders() } };
  if (body !== undefined) init.body = JSON.stringify(body);
  const res = await fetch(path, init);
  const out = res.status === 204 ? {} : await res.json().catch(() => ({}));
  if (!res.ok) throw Object.assign(new Error(typeof out.detail === "string" ? out.detail : `HTTP ${res.status}`), { status: res.status });
  return out;
}

function box() {
  return document.getElementById("account");
}

function say(text) {
  const el = document.getElementById("account-error");
  if (el) el.textContent = text;
}

function loginForm() {
  const name = h("input", { id: "acct-name", autocomplete: "username", minlength: 3, maxlength: 32, required: true });
  const pass = h("input", { id: "acct-pass", type: "password", autocomplete: "current-password", minlength: 8, maxlength: 256, required: true });
  const creds = () => ({ username: name.value.trim(), password: pass.value });
  const submit = async (register) => {
    say("");
    try {
      if (register) await call("POST", "/api/accounts", creds());
      await call("POST", "/api/session", creds());
      await load();
    } catch (e) {
      say(e.message);
    }
  };
  const form = h("form", { id: "acct-form" },
    h("label", {}, `${tr("username")} `, name), h("label", {}, `${tr("password")} `, pass),
    h("button", { type: "submit", id: "acct-login" }, tr("login")),
    h("button", { type: "button", id: "acct-register", onclick: () => submit(true) }, tr("register")));
  form.addEventListener("submit", (ev) => { ev.preventDefault(); submit(false); });
  return form;
}

function emailForm() {
  const input = h("input", { id: "acct-email", type: "email", maxlength: 254, autocomplete: "email" });
  const save = async () => {
    say("");
    try {
      await call("PUT", "/api/me/email", { email: input.value.trim() || null });
      say(tr("saved"));
    } catch (e) {
      say(e.message);
    }
  };
  return h("p", {}, h("label", {}, `${tr("email")} `, input), " ",
    h("button", { type: "button", id: "acct-email-save", onclick: save }, tr("save")));
}

function myGameLine(g) {
  const state = g.over ? tr("over") : g.your_turn ? tr("yourTurn") : tr("waiting");
  return h("li", { class: g.your_turn ? "your-turn" : "", dataset: { game: g.id } },
    h("b", {}, g.game), ` #${g.seat} — ${state} `, h("a", { href: g.url, class: "button" }, tr("play")));
}

function openSeatLine(s) {
  const join = async () => {
    try {
      const r = await call("POST", `/api/games/${encodeURIComponent(s.id)}/join`, { seat: s.seat });
      location.href = r.url;
    } catch (e) {
      say(e.message);
    }
  };
  return h("li", { dataset: { game: s.id } }, h("b", {}, s.game), ` #${s.seat} `,
    h("button", { type: "button", class: "join-seat", onclick: join }, tr("join")));
}

function list(id, items, line) {
  return h("ul", { id, class: "games" }, ...(items.length ? items.map(line) : [h("li", { class: "muted" }, tr("nothing"))]));
}

export async function refreshAccount() {
  if (!me || !box()) return;
  const [games, seats] = await Promise.all([call("GET", "/api/me/games"), call("GET", "/api/open-seats")]);
  box().querySelector("#my-games")?.replaceWith(list("my-games", games, myGameLine));
  box().querySelector("#open-seats")?.replaceWith(list("open-seats", seats, openSeatLine));
}

async function logout() {
  await call("DELETE", "/api/session").catch((e) => say(e.message));
  await load();
}

async function load() {
  me = await call("GET", "/api/me").catch(() => null);
  const el = box();
  if (!el) return;
  const err = h("p", { id: "account-error", class: "error", role: "alert" });
  if (!me) {
    el.replaceChildren(h("h2", {}, tr("account")), loginForm(), err);
  } else {
    el.replaceChildren(
      h("h2", {}, tr("account")),
      h("p", {}, `${tr("loggedInAs")} `, h("b", { id: "acct-user" }, me.username), " ",
        h("button", { type: "button", id: "acct-logout", onclick: logout }, tr("logout")), " ",
        h("a", { id: "acct-profile", href: `/p/${encodeURIComponent(me.username)}` }, tr("profile"))),
      emailForm(),
      err,
      h("h3", {}, tr("myGames")), h("ul", { id: "my-games" }),
      h("h3", {}, tr("openSeats")), h("ul", { id: "open-seats" }),
    );
    await refreshAccount();
  }
  // the lobby redraws its seat choices, which include "me" and "open" only when logged in
  document.getElementById("players")?.dispatchEvent(new Event("change"));
  el.dataset.ready = me ? "in" : "out";
}

load();
setInterval(() => refreshAccount().catch(() => {}), 5000);
document.addEventListener("click", (ev) => {
  const target = /** @type {HTMLElement | null} */ (ev.target);
  if (target && target.id === "refresh") refreshAccount().catch(() => {});
});
