// The playground page: a Telegram-like chat over the playground's JSON API (see ../server.ts).
// Plain JavaScript, served as it is: no build step.

const $ = (selector) => document.querySelector(selector);
const state = { setup: null, chat: null, key: null, inlineQueryId: null, sandbox: null, clockAt: 0 };

async function api(method, path, body) {
  const post = method === "POST";
  const response = await fetch(path, {
    method,
    headers: post ? { "content-type": "application/json" } : {},
    body: post ? JSON.stringify(body ?? {}) : undefined,
  });
  const payload = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(payload.error || `${response.status} ${response.statusText}`);
  return payload;
}

// --- chats -----------------------------------------------------------------------------------

function renderChatList() {
  const list = $("#chat-list");
  list.replaceChildren(
    ...state.setup.chats.map((chat) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.chat = chat.key;
      button.setAttribute("aria-current", String(chat.key === state.key));
      button.append(chat.label);
      const sub = document.createElement("span");
      sub.className = "sub";
      sub.textContent = chat.subtitle;
      button.append(sub);
      button.addEventListener("click", () => openChat(chat.key));
      return button;
    }),
  );
}

async function openChat(key) {
  state.key = key;
  state.chat = null;
  history.replaceState(null, "", `#${key}`);
  closePopup();
  renderChatList();
  await refreshChat(true);
  $("#text").focus();
}

let refreshing = null;
let refreshAgain = false;
/** One fetch at a time; changes that arrive meanwhile fetch once more afterwards. */
async function refreshChat(scrollToEnd = false) {
  if (refreshing) {
    refreshAgain = true;
    return refreshing;
  }
  refreshing = (async () => {
    do {
      refreshAgain = false;
      const key = state.key;
      const chat = await api("GET", `/api/chats/${key}`);
      if (key !== state.key) continue;
      const first = state.chat === null;
      state.chat = chat;
      renderChat(scrollToEnd || first);
    } while (refreshAgain);
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

let actionTimer;
function renderChat(scrollToEnd) {
  const chat = state.chat;
  $("#chat-title").textContent = chat.title;
  const subtitle = $("#chat-subtitle");
  subtitle.textContent = chat.action
    ? `${state.setup.bot.name} is ${chat.action === "typing" ? "typing…" : chat.action.replaceAll("_", " ")}`
    : chat.subtitle;
  subtitle.classList.toggle("typing", Boolean(chat.action));
  clearTimeout(actionTimer);
  if (chat.action) actionTimer = setTimeout(() => refreshChat(), 5200);

  const box = $("#messages");
  const atEnd = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  box.replaceChildren(...chat.messages.map(renderMessage));
  if (scrollToEnd || atEnd) box.scrollTop = box.scrollHeight;
}

function renderMessage(message) {
  const wrapper = document.createElement("div");
  wrapper.className = `message ${message.fromBot ? "in" : "out"}`;
  wrapper.dataset.messageId = String(message.id);
  const bubble = document.createElement("div");
  bubble.className = "bubble";
  if (state.chat.group || message.viaBot) {
    const author = document.createElement("div");
    author.className = "author";
    author.textContent = message.author;
    if (message.viaBot) {
      const via = document.createElement("span");
      via.className = "via";
      via.textContent = ` via @${message.viaBot}`;
      author.append(via);
    }
    bubble.append(author);
  }
  if (message.photo) {
    const image = document.createElement("img");
    image.src = message.photo;
    image.alt = "photo";
    bubble.append(image);
  }
  if (message.document) {
    const link = document.createElement("a");
    link.className = "document";
    link.href = message.document.url;
    link.download = message.document.name;
    link.textContent = `📄 ${message.document.name}`;
    bubble.append(link);
  }
  const text = document.createElement("div");
  text.className = "text";
  // Built by the server from the message's entities, every character escaped (view.ts).
  text.innerHTML = message.html;
  bubble.append(text);
  const meta = document.createElement("span");
  meta.className = "meta";
  meta.textContent = `${message.edited ? "edited " : ""}${formatTime(message.date * 1000)}`;
  text.append(meta);
  wrapper.append(bubble);
  if (message.buttons.length > 0) wrapper.append(renderKeyboard(message));
  return wrapper;
}

function renderKeyboard(message) {
  const keyboard = document.createElement("div");
  keyboard.className = "keyboard";
  message.buttons.forEach((row, rowIndex) => {
    const line = document.createElement("div");
    line.className = "row";
    row.forEach((button, columnIndex) => {
      const element = document.createElement("button");
      element.type = "button";
      element.textContent = button.text;
      element.className = button.kind;
      // Bot API 9.4 styles: green, red, blue (playground.css).
      if (button.style) element.classList.add(`style-${button.style}`);
      if (button.kind === "copy") element.title = button.copy;
      element.addEventListener("click", () => pressButton(message, button, rowIndex, columnIndex));
      line.append(element);
    });
    keyboard.append(line);
  });
  return keyboard;
}

async function pressButton(message, button, row, column) {
  try {
    if (button.kind === "callback") {
      const answer = await api("POST", `/api/chats/${state.key}/press`, { messageId: message.id, row, column });
      if (!answer.answered) showToast("The bot did not answer this button.");
      else if (answer.text) showToast(answer.text, answer.alert);
    } else if (button.kind === "copy") {
      // Like Telegram's apps: copied here, nothing goes to the bot, and a toast says so.
      await copyToClipboard(button.copy);
      showToast("Copied to clipboard");
    } else if (button.kind === "url") {
      await openLink(button.url);
    } else if (button.kind === "switch_inline") {
      const input = $("#text");
      input.value = `@${state.setup.bot.username} ${button.query}`;
      input.focus();
      onInput();
    }
  } catch (error) {
    showToast(error.message);
  }
}

/**
 * Puts `text` on the clipboard: the Clipboard API where the page may use it (a secure context
 * such as 127.0.0.1, with permission), else a hidden text area and execCommand("copy").
 */
async function copyToClipboard(text) {
  try {
    await window.navigator.clipboard.writeText(text);
    return;
  } catch {
    // Denied or unavailable: the older way below.
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  const copied = document.execCommand("copy");
  area.remove();
  if (!copied) throw new Error("Could not copy to the clipboard.");
}

/** t.me links to this bot stay in the playground (a deep link opens the private flow); others open a tab. */
async function openLink(href) {
  const url = new URL(href, location.href);
  const bot = state.setup.bot.username.toLowerCase();
  const isBotLink = ["t.me", "telegram.me"].includes(url.hostname) && url.pathname.replace(/^\//, "").toLowerCase() === bot;
  if (!isBotLink) {
    window.open(url.href, "_blank", "noopener");
    return;
  }
  const { chat } = await api("POST", `/api/chats/${state.key}/start`, { payload: url.searchParams.get("start") ?? "" });
  if (chat !== state.key) await openChat(chat);
}

// --- composer: text, commands, inline mode ---------------------------------------------------

async function sendText(text) {
  if (text.trim() === "") return;
  await api("POST", `/api/chats/${state.key}/send`, { text });
  await refreshChat(true);
}

function inlinePrefix() {
  return `@${state.setup.bot.username} `;
}

let inlineTimer;
function onInput() {
  const value = $("#text").value;
  clearTimeout(inlineTimer);
  if (value.toLowerCase().startsWith(inlinePrefix().toLowerCase())) {
    inlineTimer = setTimeout(() => runInlineQuery(value.slice(inlinePrefix().length)), 350);
  } else if (value.startsWith("/") && !value.includes(" ")) {
    showCommands(value.slice(1).toLowerCase());
  } else {
    closePopup();
  }
}

function showCommands(filter) {
  const commands = (state.chat?.commands ?? []).filter((command) => command.command.startsWith(filter));
  if (commands.length === 0) return closePopup();
  openPopup(
    commands.map((command) =>
      popupItem(`/${command.command}`, command.description, async () => {
        $("#text").value = "";
        closePopup();
        await sendText(`/${command.command}`);
      }),
    ),
  );
}

async function runInlineQuery(query) {
  try {
    const answer = await api("POST", `/api/chats/${state.key}/inline`, { query });
    // A newer query replaced this one while it was answered.
    if (!$("#text").value.startsWith(inlinePrefix()) || $("#text").value.slice(inlinePrefix().length) !== query) return;
    state.inlineQueryId = answer.queryId;
    if (answer.results.length === 0) {
      openPopup([emptyItem("No results")]);
      return;
    }
    openPopup(
      answer.results.map((result) =>
        popupItem(result.title, result.description, async () => {
          closePopup();
          $("#text").value = "";
          await api("POST", `/api/chats/${state.key}/choose`, { queryId: answer.queryId, resultId: result.id });
          await refreshChat(true);
        }),
      ),
    );
  } catch (error) {
    showToast(error.message);
  }
}

function popupItem(title, description, onPick) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "item";
  button.append(title);
  if (description) {
    const desc = document.createElement("span");
    desc.className = "desc";
    desc.textContent = description;
    button.append(desc);
  }
  button.addEventListener("click", () => onPick().catch((error) => showToast(error.message)));
  return button;
}

function emptyItem(text) {
  const element = document.createElement("div");
  element.className = "empty";
  element.textContent = text;
  return element;
}

function openPopup(items) {
  const popup = $("#popup");
  popup.replaceChildren(...items);
  popup.hidden = false;
}

function closePopup() {
  $("#popup").hidden = true;
}

let toastTimer;
function showToast(text, alert = false) {
  const toast = $("#toast");
  toast.textContent = text;
  toast.classList.toggle("alert", alert);
  toast.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (toast.hidden = true), alert ? 6000 : 3000);
}

// --- sandbox ---------------------------------------------------------------------------------

async function refreshSandbox() {
  state.sandbox = await api("GET", "/api/sandbox");
  state.clockAt = Date.now();
  renderSandbox();
}

function renderSandbox() {
  const sandbox = state.sandbox;
  $("#speeds").replaceChildren(
    ...sandbox.speeds.map((speed) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = `${speed}×`;
      button.setAttribute("aria-pressed", String(speed === sandbox.speed));
      button.addEventListener("click", async () => {
        state.sandbox = await api("POST", "/api/clock", { speed });
        state.clockAt = Date.now();
        renderSandbox();
      });
      return button;
    }),
  );
  const list = $("#exchanges");
  if (sandbox.exchanges.length === 0) {
    list.replaceChildren(emptyItem("None yet: start one with /exchange."));
    return;
  }
  list.replaceChildren(
    ...sandbox.exchanges.map((exchange) => {
      const card = document.createElement("div");
      card.className = "exchange";
      card.dataset.exchangeId = exchange.id;
      card.innerHTML = `<div><b></b> · <span class="status"></span></div><div class="pair"></div><div class="id"></div>`;
      card.querySelector("b").textContent = exchange.owner;
      card.querySelector(".status").textContent = exchange.status;
      card.querySelector(".pair").textContent = exchange.pair;
      card.querySelector(".id").textContent = exchange.id;
      if (exchange.open) {
        const actions = document.createElement("div");
        actions.className = "actions";
        const steer = [
          ...(exchange.status === "waiting" ? [["deposit-arrived", "Deposit arrived"]] : []),
          ...(["confirming", "exchanging", "sending"].includes(exchange.status) ? [["slow", "Make it slow"]] : []),
          ["fail", "Make it fail"],
          ["refund", "Refund"],
        ];
        for (const [event, label] of steer) {
          const button = document.createElement("button");
          button.type = "button";
          button.textContent = label;
          button.addEventListener("click", async () => {
            try {
              state.sandbox = await api("POST", `/api/exchanges/${encodeURIComponent(exchange.id)}/${event}`);
              renderSandbox();
            } catch (error) {
              showToast(error.message);
            }
          });
          actions.append(button);
        }
        card.append(actions);
      }
      return card;
    }),
  );
}

function tickClock() {
  if (!state.sandbox) return;
  const now = state.sandbox.now + (Date.now() - state.clockAt) * state.sandbox.speed;
  $("#clock-now").textContent = new Date(now).toLocaleString();
}

function formatTime(ms) {
  return new Date(ms).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

// --- start -----------------------------------------------------------------------------------

async function start() {
  state.setup = await api("GET", "/api/setup");
  $("#inline-hint").textContent = `@${state.setup.bot.username} 0.1 btc eth`;
  $("#text").addEventListener("input", onInput);
  $("#composer").addEventListener("submit", async (event) => {
    event.preventDefault();
    const input = $("#text");
    if (input.value.startsWith(inlinePrefix())) return;
    const text = input.value;
    input.value = "";
    closePopup();
    await sendText(text).catch((error) => showToast(error.message));
  });
  $("#menu-button").addEventListener("click", () => ($("#popup").hidden ? showCommands("") : closePopup()));
  $("#messages").addEventListener("click", (event) => {
    const link = event.target.closest("a");
    if (link) {
      event.preventDefault();
      openLink(link.href).catch((error) => showToast(error.message));
      return;
    }
    const command = event.target.closest(".command");
    if (command) sendText(command.dataset.command).catch((error) => showToast(error.message));
    const spoiler = event.target.closest(".spoiler");
    if (spoiler) spoiler.classList.add("shown");
  });
  const wanted = location.hash.slice(1);
  await openChat(state.setup.chats.some((chat) => chat.key === wanted) ? wanted : state.setup.chats[0].key);
  await refreshSandbox();
  setInterval(tickClock, 1000);
  const events = new EventSource("/api/events");
  events.addEventListener("change", () => {
    refreshChat().catch(() => {});
    refreshSandbox().catch(() => {});
  });
  document.body.dataset.ready = "true";
}

start().catch((error) => {
  document.body.textContent = `The playground could not start: ${error.message}`;
});
