# Keys are prefixed by feature. Every value that comes from a person or the service is
# HTML-escaped before it is passed in.

## Start, menu, help, language

start-welcome =
    👋 <b>Welcome, { $name }!</b>

    I swap cryptocurrencies through an exchange aggregator: I compare offers from several providers, you pick one, and I tell you where to send your coins. No sign-up needed.

    Tap <b>Exchange</b> to start, or type /exchange.

    🛡 Our support never writes first and never asks for keys or seed phrases: check any account with /verify @name.
menu-exchange = 🔄 Exchange
menu-history = 📜 My exchanges
menu-language = 🌐 Language
menu-help = ❓ Help
help-text =
    <b>How it works</b>
    1. Choose what to send and what to receive (a currency on a network).
    2. Enter the amount and compare the offers.
    3. Enter your receiving address (and memo, where the network needs one).
    4. Confirm: I create the exchange and show the deposit address.
    5. Send exactly the amount shown. I will tell you about every change of status.

    /exchange — start an exchange
    /history — your exchanges
    /export — your exchanges as a CSV file
    /addresses — your saved receiving addresses
    /alert 0.5 btc eth 17.2 — tell me when 0.5 BTC gets at least 17.2 ETH; /alerts lists them
    /cancel — leave the current exchange
    /language — change the language

    <b>Staying safe</b>
    /phrase — set an anti-phishing phrase: every message of mine that shows where to send your coins includes it, so a clone bot imitating my messages cannot.
    /verify @name — whether an account is this bot or our support. Support never writes first and never asks for keys or seed phrases.
language-pick = Choose your language:
language-name-en = English
language-name-ru = Русский
language-name-es = Español
language-name-pt-BR = Português (Brasil)
language-name-tr = Türkçe
language-name-fa = فارسی
language-name-uk = Українська
language-name-id = Bahasa Indonesia
language-name-vi = Tiếng Việt
language-name-zh-Hans = 简体中文
language-changed = ✅ Language set to English.
cancel-nothing = There is nothing to cancel. Type /exchange to start an exchange.
unknown-command = I don't know that command. Type /help to see what I can do.
fallback-text = Type /exchange to start an exchange, or /help to see what I can do.
button-expired = This button has expired.
sandbox-notice = 🧪 <i>Sandbox exchange: nothing here is real, no funds move.</i>

command-start = Main menu
command-exchange = Start an exchange
command-history = My exchanges
command-cancel = Leave the current exchange
command-language = Change the language
command-help = How it works

## History

history-empty = You have no exchanges yet. Type /exchange to start one.
history-title = <b>Your exchanges</b>, newest first:
history-line = • { $amount } { $from } → { $to }: <b>{ $status }</b>
    <code>{ $id }</code>
history-button = { $n }. { $amount } { $from } → { $to }

## The exchange flow

flow-pick-from = What do you want to <b>send</b>?
flow-pick-to = You send <b>{ $from }</b>. What do you want to <b>receive</b>?
flow-pick-hint = Tap a currency, or type its symbol or name: <code>usdt</code>, <code>tether</code>, or a symbol with its network: <code>usdt trx</code>.
flow-pick-hint-recent = Tap one of your recent pairs or a currency, or type its symbol or name (for example <code>usdt</code>, <code>usdt trx</code>).
flow-pick-network = <b>{ $symbol }</b> ({ $name }) is on several networks. Which one?
flow-back-to-list = « Popular currencies
flow-matches = Currencies matching “{ $query }”:
flow-nothing-found = I found no currency called “{ $query }”.
flow-did-you-mean = Did you mean one of these?
flow-same-currency = You can't exchange { $currency } for itself. Pick another currency to receive.
flow-unknown-command = That command doesn't work here. Type /cancel to leave the exchange.
flow-text-expected = Please type your answer or tap a button.
flow-step-again = Many of your answers here were not what this step needs, so I am asking it again from the start. Everything you chose before is kept; /cancel leaves the exchange.
flow-tap-a-button = Please tap one of the buttons above.
flow-cancelled = Exchange cancelled. Exchanges you already created are in /history.
start-flow-closed = I closed the exchange you were setting up; nothing was created. Start again with /exchange; exchanges you already created are in /history.
start-flow-closed-created = I closed the exchange you were setting up. Exchange <code>{ $id }</code> was created and stays open: I will message you when the service gives its deposit details. It is in /history.
flow-cancelled-created = Exchange <code>{ $id }</code> was already created, so it is not cancelled: nothing is taken unless you send funds to it. I will message you when the service gives its deposit details; it is in /history.
flow-too-large = ⌛ The exchange you were setting up grew too long for me to keep (too many messages back and forth), so I closed it. Type /exchange to start again; exchanges you already created are in /history.
flow-too-large-created = ⌛ Our chat about this exchange grew too long for me to keep (too many messages back and forth), so I closed it. Exchange <code>{ $id }</code> was created and stays open: I will message you when the service gives its deposit details. It is in /history.
flow-timeout = ⌛ The exchange you were setting up was left for 30 minutes, so I closed it. Type /exchange to start again; exchanges you already created are in /history.
flow-timeout-created = ⌛ This chat with me was left for 30 minutes, so I closed it. Exchange <code>{ $id }</code> was created and stays open: I will message you when the service gives its deposit details. It is in /history.

flow-ask-amount = How much <b>{ $from }</b> do you want to send? For example <code>0.5</code>.
amount-empty = Please type an amount, for example <code>0.5</code>.
amount-not-a-number = That is not a number I can read. Type an amount like <code>0.5</code> or <code>1 000</code>.
amount-zero = The amount must be more than zero.
amount-negative = The amount can't be negative.
amount-exponent = Please write the amount in full, without an exponent (not <code>1e5</code>).
amount-too-many-decimals = Too many decimal places: I accept at most { $decimals ->
        [one] { $decimals } digit
       *[other] { $decimals } digits
    } after the decimal point or comma.
amount-too-large = That amount is too large. Please check it and type it again.
amount-ambiguous = I can't tell whether the separator in <code>{ $input }</code> groups thousands or starts the decimals: people write both ways. Please write a whole number without a separator (<code>1234</code>), or a decimal with one more zero at the end (<code>1.2340</code>).

queue-position = ⏳ The exchange service is busy: you are number { $position } in line, about { $seconds } s.
create-rate-limited = ⏳ The exchange service asked me to wait: your exchange is not created yet. I will try again in about { $seconds } s.
flow-offers-loading = ⏳ Getting offers for { $amount } { $from } → { $to }…
flow-recheck-waiting = ⏳ Your quote is more than a minute old: I am checking the offer again before creating the exchange.
flow-recheck-done = ✅ The offer has been checked. Tap Confirm to go on.
flow-recheck-wait = ⏳ Still checking the offer: I will show a Confirm button here as soon as it is done.
flow-offers-header = <b>{ $amount } { $from } → { $to }</b>
flow-quote-age = Offers, best first · quoted at { $time } ({ $seconds } s ago)
flow-offer-line = { $rank }. <b>{ $provider }</b>: { $receive } { $to }{ $versus } · { $type }
    {"    "}limits: { $min } – { $max } { $from }
rate-floating = floating rate
rate-fixed = fixed rate
limit-none = no maximum
offer-versus-best = ({ $percent })
flow-offer-button = { $provider } · { $receive } { $currency }
tag-recommended = ⭐ Recommended
tag-ai-best-rate = 🤖 AI best rate
tag-best-rate = 💰 Best rate
tag-best-in-kyc = 🛡 Fewest identity checks (KYC)
button-refresh = 🔄 Refresh
button-retry = 🔁 Try again
flow-change-amount = ✏️ Change amount
flow-change-from = Change what I send
flow-change-to = Change what I receive
flow-pair-invalid = This pair can't be exchanged: { $from } → { $to }. Please pick another currency.
flow-below-minimum = { $amount } { $from } is below the minimum the providers accept for this pair. Please enter a larger amount.
flow-no-offers = No provider offers { $from } → { $to } right now. Try another amount or another pair.
flow-offer-out-of-limits = { $provider } accepts from { $min } to { $max } { $currency }; you entered { $amount }. Pick another offer or change the amount.
error-unavailable = The exchange service is not answering right now. Your choices are kept: try again in a moment.
exchange-unavailable = ⚠️ The exchange service is unavailable right now, so I cannot quote or create exchanges. Please try again later; exchanges you already created are in /history.
error-rate-limited = The exchange service is busy. Your choices are kept: try again in { $seconds } s.
error-queue-full = ⏳ You already have { $count ->
        [one] a quote
       *[other] { $count } quotes
    } waiting in line for the exchange service. Your choices are kept: try again in about { $seconds } s, once the first has come.
error-refused = The exchange service refused this: { $reason }
error-refused-plain = The exchange service refused this.
error-forbidden = The exchange service refused this bot access to this request for now. Your choices are kept: try again later, and if it keeps happening, tell our support.

flow-ask-address = Send the <b>{ $currency }</b> address on <b>{ $network }</b> where you want to receive your coins.
    Copy it from your wallet; double-check the network.
address-empty = Please send the address as text.
address-too-long = That is too long for an address on { $network }. Please check it.
address-whitespace = An address has no spaces or line breaks. Please send only the address.
address-unprintable = That text contains hidden or unusual characters; no real address does. Please copy the address again.
address-invalid-format = That is not a valid address on { $network }. Please check that it is for this network and copy it again.
address-burn-address = That is a burn address: nobody can ever spend what is sent there, so your coins would be lost. Please send your own wallet address.
address-token-contract = That is the { $token } token contract, not a wallet: coins sent to a token contract are lost for good. Please send the address of your own wallet (your wallet shows it under “Receive”).
flow-address-unchecked = ⚠️ I cannot check addresses on { $network }: an address with a typo would be accepted. Copy it from your wallet, and compare it character by character before you confirm.

flow-ask-memo =
    ⚠️ <b>{ $network } needs a memo (destination tag)</b> for { $currency }.
    Exchanges and custodial wallets use it to credit your account: <b>without the right memo, your funds can be lost.</b>

    Type the memo shown by your wallet, or tap the button if your own wallet really needs none.
flow-no-memo = My wallet needs no memo
flow-no-memo-sure = Are you sure? Send without a memo only if the receiving wallet is your own and needs none. Exchanges and custodial wallets <b>always</b> need one on { $network }.
flow-no-memo-yes = Yes, send without a memo
flow-no-memo-back = No, I will type the memo
flow-type-memo = Please type the memo.
memo-too-long = That memo is too long for { $network }. Please check it.
memo-unprintable = That memo contains hidden or unusual characters. Please copy it again.
memo-invalid-format = That is not a valid memo for { $network }. Please check it.
memo-encrypted = On { $network } a memo that starts with # is sent encrypted, and the receiving exchange could not read it. Please type the memo without the #.

summary-title = <b>Please check everything</b>
summary-send = Send: <b>{ $amount } { $currency }</b>
summary-receive = Receive about: <b>{ $amount } { $currency }</b>
summary-rate = Rate: 1 { $base } = { $rate } { $quote }
summary-provider = Provider: { $provider } ({ $type })
summary-address = To address ({ $network }): <code>{ $address }</code>
summary-address-compare = ⚠️ I cannot check addresses on this network: compare the address above with your wallet character by character.
summary-memo = Memo: <code>{ $memo }</code>
summary-no-memo = Memo: none (you confirmed your wallet needs none)
button-confirm = ✅ Confirm
button-change = ✏️ Change
button-cancel = ✖️ Cancel
flow-change-what = What do you want to change?
change-from = What I send
change-to = What I receive
change-amount = Amount
change-offer = Offer
change-address = Address
change-memo = Memo
flow-offer-gone = ⚠️ { $provider } no longer offers this exchange. Please pick another offer.
flow-quote-changed = ⚠️ The offer has changed since you saw it: you would now receive about <b>{ $receive } { $currency }</b> instead of { $was }. Here are the new figures: confirm again if they suit you.
flow-quote-limits-changed = ⚠️ The offer's limits have changed and your amount no longer fits. Please pick an offer again.
flow-create-unknown = ⚠️ I could not confirm whether your exchange was created: I sent the request, but the exchange service gave no clear answer, so an exchange <b>may</b> have been created. I have no deposit address for it: <b>don't send anything</b> until you see a deposit address from me. I won't try this request again by myself; to try again, start with /exchange. Reference for support: <code>{ $reference }</code>, { $time }.
flow-create-in-flight = ⏳ Your exchange may be being created right now: the request to create it reached the exchange service, and its answer has not come yet. Its deposit details, or the service's refusal, will come here as soon as they are known; you don't need to confirm again. <b>Don't send anything</b> until you see a deposit address from me. Reference for support: <code>{ $reference }</code>, { $time }.
create-refused-later = ❌ The exchange service refused the exchange you confirmed: it was <b>not</b> created, and no deposit address is waiting for your coins, so don't send anything for it. To try again, start with /exchange. Reference for support: <code>{ $reference }</code>, { $time }.

created-title = ✅ <b>Exchange created</b>
created-send = Send exactly <code>{ $amount }</code> <b>{ $currency }</b> (exact amount, not rounded: tap to copy) on <b>{ $network }</b> to this address:
created-memo = ⚠️ <b>Include this memo, or your deposit can be lost:</b> <code>{ $memo }</code>
created-tracking = I will message you at every change of status.
created-repeat = 🔁 Sent again in case the previous message did not arrive: it may have. These are the same details; send the funds only once.
# A status message sent again after a send that may have arrived (it comes first, on a line of its own).
notice-repeat = 🔁 Sent again in case the previous message did not arrive: it may have.
created-qr = QR code of the { $currency } deposit address

## Statuses, cards and the tracker's messages

status-waiting = ⏳ Waiting for your deposit
status-confirming = 🔎 Confirming your deposit
status-exchanging = 🔄 Exchanging
status-sending = 📤 Sending to your address
status-finished = ✅ Finished
status-failed = ❌ Failed
status-refunded = ↩️ Refunded
status-overdue = ⌛ Expired: no deposit in time
status-unknown = ❔ { $status }
card-title = 🔁 Exchange <code>{ $id }</code>
card-pair = { $amount } { $from } → about { $receive } { $to }
card-status = Status: <b>{ $status }</b>
card-to = To: <code>{ $address }</code>
card-to-memo = Memo: <code>{ $memo }</code>
card-provider = Provider: { $provider } ({ $type })
card-refund = Refunded to: <code>{ $address }</code>
card-hash-from = Your deposit: { $link }
card-hash-to = Payout: { $link }
card-hash-refund = Refund: { $link }
card-not-tracked = I no longer check this exchange by myself; tap Refresh to see its status.
card-updated = <i>Updated { $time }</i>
slow-title = ⏳ <b>Taking longer than usual</b> · exchange <code>{ $id }</code>
slow-confirming = Your deposit of { $sent } { $from } has arrived and waits for the { $network } network's confirmations, which usually take about { $minutes } min. When the network is busy, it takes longer: this is normal, and your funds are not lost.
slow-exchanging = { $provider } is exchanging your { $from } for { $to }, which usually takes about { $minutes } min. Providers sometimes check a deposit before they exchange it: it takes longer, and your funds are not lost.
slow-sending = { $provider } is sending about { $receive } { $to } to <code>{ $address }</code>, which usually takes about { $minutes } min. The { $network } network may be busy.
slow-follow = Your deposit on the network: { $link }
slow-what-to-do = Nothing to do yet: I keep following it and tell you when it moves. If nothing has changed in { $later } min, ask for help with the exchange ID: tap { $button } on the card and send that message.
card-late = ⚠️ Later than usual: { $status } since { $since }.
change-title = <b>{ $status }</b> · exchange <code>{ $id }</code>
change-waiting = The exchange is waiting for your deposit of { $sent } { $from }.
change-confirming = Your deposit of { $sent } { $from } has arrived and is being confirmed.
change-exchanging = Your { $from } is being exchanged for { $to }.
change-sending = About { $receive } { $to } is on its way to <code>{ $address }</code>.
change-finished = Done: { $receive } { $to } sent to <code>{ $address }</code>.
change-failed = The exchange failed. Please contact support and give them the exchange ID <code>{ $id }</code>: forward this message to us, or write to { $provider }'s support.
change-refunded = Your deposit was refunded.
change-refund-address = Refund sent to <code>{ $refund }</code>.
received-vs-quote = { $direction ->
   *[less] Received: { $received } { $to }; the quote said about { $quoted }: { $percent } less.
    [more] Received: { $received } { $to }; the quote said about { $quoted }: { $percent } more.
    [same] Received: { $received } { $to }, as quoted.
}
change-overdue = No deposit arrived in time, so the exchange expired. Do not send anything to its deposit address now; start a new exchange with /exchange.
change-unknown = The exchange service reports a status I don't know. I keep checking and will tell you when it changes.
history-page = Page { $page } of { $pages }
status-not-found = I can't find an exchange with that ID among yours. Check the ID, or see /history.
status-usage = Send the exchange ID after the command, for example: <code>/status exolix-floating-abc123</code>
refresh-cooldown = Refreshed a moment ago. Try again in { $seconds } s.
refresh-failed = Couldn't reach the exchange service; showing what I know.
support-lookup-queue-full = ⏳ You already have { $count ->
        [one] a request
       *[other] { $count } requests
    } waiting in line for the exchange service, so this is what I know, not the live status. Look it up again in about { $seconds } s.
refresh-queue-full = ⏳ You already have { $count ->
        [one] a request
       *[other] { $count } requests
    } waiting in line for the exchange service, so this card was not refreshed. Press Refresh again in about { $seconds } s.
button-funds-sent = 📨 I have sent the funds
funds-sent-thanks = Thanks! For the next { $minutes } min I'll check for your deposit { $seconds ->
        [60] every minute
       *[other] every { $seconds } s
    } and tell you as soon as it arrives.

## Support staff

support-lookup-unknown = No exchange with that ID, neither in this bot nor at the exchange service. Paste the ID, or ask for its 🧾 For support message (never the card: it may show the customer's anti-phishing phrase).
support-user-unknown = No such user. Send their Telegram id or @username.
support-user-title = <b>User { $id }</b> (@{ $username }, language { $language }): { $count ->
        [one] { $count } exchange
       *[other] { $count } exchanges
    }, newest first:
support-lookup-owner = Created by user <code>{ $id }</code> (@{ $username }, language { $language })
support-lookup-created = Created at { $time } UTC
support-lookup-tracked = Tracked: next check at { $time } UTC
support-lookup-not-tracked = Not tracked any more
support-lookup-history = <b>Status history</b> (UTC):
support-stats =
    <b>Stats</b>
    Users: { $users }
    Exchanges by status: { $exchanges }
    Upstream calls in the last hour: create { $create }, user { $user }, poll { $poll }, catalogue { $catalogue }, rate alerts { $alert }
    429s from the service: { $limited }
    Tracker: { $tracked } tracked, { $due } due now

## Quotes in groups and inline mode

rate-usage = Usage: <code>/rate 0.5 btc usdt</code> · pick a network with <code>usdt-trx</code> or <code>usdt trx</code>
rate-admins-only = In this group only admins can ask for quotes.
rate-main-network = { $symbol } on its main network, { $network }
rate-pair-invalid = This pair can't be exchanged.
rate-below-minimum = The amount is below the minimum for this pair.
rate-forbidden = The exchange service does not give this bot quotes for this pair right now (no access). Try again in a while.
rate-slow-down = ⏳ You have asked for several new quotes in the last minute: the exchange service allows only a few calls a minute for everyone. Please wait { $seconds } s and ask again (amounts you have just asked for, or within 1 % of them, are answered at once).
rate-queue-full = ⏳ You already have { $count ->
        [one] a quote
       *[other] { $count } quotes
    } waiting in line for the exchange service. The first should come in about { $seconds } s: ask again after that.
rate-offer-line = { $rank }. <b>{ $provider }</b>: { $receive } { $to }{ $versus } · { $type }
rate-offer-out-of-limits = { $rank }. <b>{ $provider }</b>: outside its limits for this amount ({ $min } – { $max } { $from })
rate-out-of-limits-short = outside its limits
rate-offer-title = { $estimated ->
        [yes] { $provider }: ≈ { $receive } { $currency }
       *[no] { $provider }: { $receive } { $currency }
    }
rate-estimated = <i>≈ Estimated from a quote for { $amount } { $from }: figures for exactly this amount may differ a little.</i>
rate-limits = Limits of the best offer: { $min } – { $max } { $from }
rate-time = <i>Quoted at { $time }</i>
rate-exchange-button = 🔄 Exchange in private chat
settings-title = <b>Group settings</b>: who may ask for quotes, and the language of my answers here.
settings-admins-only = Only group admins can change these settings.
settings-everyone = Everyone
settings-admins = Admins only
inline-summary-title = { $amount } { $from } → { $to }
inline-hint-title = Type an amount and two currencies
inline-unavailable-title = The exchange service is unavailable right now
inline-slow-down-title = Too many new quotes: wait { $seconds } s
inline-hint-description = For example: 0.5 btc usdt
command-status = Status of one exchange by its ID
command-rate = Quote: /rate 0.5 btc usdt
command-settings = Group settings (admins)
command-lookup = Support: look up an exchange
command-user = Support: a user's exchanges
command-stats = Support: statistics
command-late = Support: exchanges later than usual
support-lookup-foreign = <i>Not created through this bot: only what the exchange service says.</i>

## deposit details
deposit-missing-address = ⚠️ <b>The exchange service has not given the deposit address yet.</b> Don't send anything until I show it here.
deposit-missing-memo = ⚠️ <b>The exchange service has not given the deposit memo yet.</b> On { $network } a deposit without its memo can be lost, so I am not showing the address: don't send anything until I show both.
deposit-incomplete-choices = Tap <b>Try again</b> to ask the service again, or <b>Leave</b>: the exchange stays in /history, and I will message you when the deposit details are there.
deposit-ready = 📬 The deposit details of exchange <code>{ $id }</code> are here. Send only as shown below.
button-leave = Leave
created-qr-memo = QR code of the { $currency } deposit address. It does not hold the memo: enter the memo <code>{ $memo }</code> yourself, or your deposit can be lost.

## create outcomes
history-unconfirmed = ⚠️ <b>Not confirmed</b>: for these requests the exchange service may have created an exchange, but it never gave me its ID, so I can't show or follow it here. I never gave you a deposit address for them: don't send anything for them. If something is wrong, forward this message to us.
history-unconfirmed-line = • { $time }, reference <code>{ $reference }</code>
support-request-title = <b>Creation request</b> <code>{ $reference }</code>
support-request-unknown = ⚠️ <b>Outcome unknown</b>: the request may have reached the exchange service, and no answer said whether an exchange was created. The bot has no exchange ID for it, so it is not tracked, and the customer was shown no deposit address.
support-request-in-flight = ⏳ <b>No answer yet</b>: the request may still be on its way (less than { $minutes } min old).
support-request-failed = ❌ <b>Refused</b> by the exchange service; nothing was created.
support-request-created = ✅ <b>Created</b>: exchange <code>{ $id }</code>.
support-request-reason = Last answer: { $reason }
support-request-owner = Requested by user <code>{ $id }</code> (@{ $username }, language { $language })
support-request-at = Requested at { $time } UTC
support-request-no-details = This request was made before the bot kept what each request asked for: the log line "createTransaction failed" with this reference has the pair, amount, provider and address.
support-request-asked = Asked for: { $amount } { $from } → { $to } with { $provider } ({ $type })
support-stats-unknown = Creations of unknown outcome (an exchange may exist, no ID): { $count }
support-late-none = No exchange is later than usual.
support-late-title = <b>Later than usual</b> ({ $count }), the longest first:
support-late-line = • <code>{ $id }</code> · { $status } since { $since } UTC · { $provider }
support-stats-exchange-ok = Exchange service: available
support-stats-exchange-down = ⚠️ Exchange service: <b>unavailable</b> since { $since } UTC ({ $reason }): { $detail }

## tracker: never silent
tracking-stopped-not-found = ⚠️ <b>I stopped following exchange</b> <code>{ $id }</code>: the exchange service keeps answering that it cannot find it.
tracking-stopped-stalled = ⚠️ <b>I stopped following exchange</b> <code>{ $id }</code>: it has shown “{ $status }” since { $since }.
tracking-stopped-what-to-do = Your funds are not lost because I stopped watching. If you sent a deposit, or are still waiting for a payout, contact { $provider }'s support and give them the exchange ID <code>{ $id }</code>. Refresh on the exchange's card still shows its status.
card-tracking-stopped = ⚠️ I stopped following this exchange on { $time }: { $reason }. If your funds have not arrived, contact { $provider }'s support with the exchange ID. Tap Refresh to see its status.
tracking-reason-not-found = the exchange service could not find it
tracking-reason-stalled = its status stopped changing
tracking-reason-unknown = no reason recorded
support-lookup-stopped = Not tracked since { $time } UTC: { $reason }

## Anti-phishing: /phrase, /verify
deposit-phrase =
    🔐 Your phrase: <b>{ $phrase }</b>
    Do not forward this message or show the phrase to anyone, support included: for support, tap 🧾 For support.
phrase-none =
    You have no anti-phishing phrase yet.

    Set one with <code>/phrase your own words</code>. From then on every message of mine that shows where to send your coins includes it. A bot that imitates my messages cannot know it: a deposit address shown without your phrase is not from me.
phrase-current =
    Your anti-phishing phrase is <b>{ $phrase }</b>. Every message of mine that shows where to send your coins includes it.

    Change it with <code>/phrase new words</code>, remove it with <code>/phrase off</code>.
phrase-set = ✅ Saved. Every message that shows a deposit address now includes <b>{ $phrase }</b>. I deleted your message so the phrase does not stay in the chat. Never forward a message that shows it, and tell it to no one: support never asks for it. For support, tap 🧾 For support on the exchange's card and forward that message: it never holds your phrase.
phrase-removed = Your anti-phishing phrase is removed.
phrase-invalid = Your phrase must be { $min } to { $max ->
        [one] { $max } character
       *[other] { $max } characters
    } long and must not start with “/”. Try again: <code>/phrase your own words</code>.
verify-usage = Send <code>/verify @name</code> to check whether an account is this bot or our support.
verify-bot = ✅ @{ $name } is this bot: Telegram confirmed it just now.
verify-staff = ✅ @{ $name } is one of our support staff: Telegram confirmed it just now, by their account.
verify-unknown = ⚠️ @{ $name } is <b>not</b> this bot and <b>not</b> our support. Do not send it coins, keys or seed phrases.
verify-unavailable = I could not ask Telegram just now, so I cannot confirm any account. Try again in a minute; until then trust no account that writes to you first.
verify-reminder = Our support never writes first and never asks for keys, passwords or seed phrases.
command-phrase = Anti-phishing phrase
command-verify = Is an account this bot or our support?

## Card: for support, swap again
button-receipt = 🧾 For support
button-swap-again = 🔁 Swap again
receipt-title = 🧾 <b>For support</b> · exchange { $id }
receipt-provider = Provider: { $provider } ({ $type })
receipt-created = Created: { $time }
receipt-amounts = Sent: { $sent } { $from } → received: { $receive } { $to }
receipt-quoted = Quoted when you confirmed: about { $quoted } { $to }
receipt-deposit = Deposit address (a record for support, not where to pay): { $address } · memo: { $memo }
receipt-deposit-none = Deposit address: not complete yet (not shown)
receipt-to = Receiving address: { $address } · memo: { $memo }
receipt-refund = Refund address: { $address }
receipt-hashes = Deposit hash: { $hashIn } · payout hash: { $hashOut }
receipt-status = Status: { $status } ({ $raw })
receipt-history = Status history:
receipt-tracking-stopped = Tracking stopped { $time }: { $reason }
receipt-footer = Forward this message to support: it holds everything they need, and no secret. It never holds your anti-phishing phrase: never forward a message that does. Support never writes first.

## Export
export-empty = You have no exchanges to export yet. Type /exchange to start one.
export-caption = 📄 Your { $count ->
    [one] exchange
   *[other] { $count } exchanges
} as a CSV file (UTC times), for your records or your tax tool.
command-export = Your exchanges as a CSV file

## Address book
button-save-address = 💾 Save receiving address
addresses-ask-label = How should I call this address? Send a short label (up to { $max ->
        [one] { $max } character
       *[other] { $max } characters
    }), for example <i>Ledger</i> or <i>Exchange account</i>.
addresses-ask-rename = New label for <b>{ $label }</b> (up to { $max ->
        [one] { $max } character
       *[other] { $max } characters
    }):
addresses-label-invalid = A label is 1 to { $max ->
        [one] { $max } character
       *[other] { $max } characters
    } on one line. Send another, or a command to leave it.
addresses-saved = 📒 Saved as <b>{ $label }</b>. At the address step for { $network } it will be a button.
addresses-renamed = ✅ Renamed to <b>{ $label }</b>.
addresses-already = Already in your address book as { $label }.
addresses-full = Your address book is full ({ $max ->
        [one] { $max } address
       *[other] { $max } addresses
    }). Delete one in /addresses first.
addresses-empty = Your address book is empty. After a successful exchange I offer to save its receiving address.
addresses-title = <b>📒 Your addresses</b>
addresses-memo = memo <code>{ $memo }</code>
addresses-footer = Tap ✏️ to rename, 🗑 to delete.
addresses-deleted = Deleted.
flow-address-book-hint = Or tap one of your saved addresses:
address-saved-invalid = The saved address <b>{ $label }</b> is not a valid { $network } address any more. Type the address instead.
command-addresses = Your saved addresses

## Rate alerts
alert-usage =
    Set a rate alert: <code>/alert 0.5 btc eth 17.2</code> tells you when 0.5 BTC gets at least 17.2 ETH.
    Networks as in /rate: <code>usdt-trx</code> or <code>usdt trx</code>. Your alerts: /alerts.
alert-created = 🔔 I will tell you when { $amount } { $from } gets at least <b>{ $target } { $to }</b>. I check at most every { $minutes } min, whenever the exchange service has room left after quotes and exchanges (on a busy day, less often); the alert ends after { $days ->
        [one] { $days } day
       *[other] { $days } days
    }. Your alerts: /alerts.
alert-too-many = You have { $max ->
        [one] { $max } alert
       *[other] { $max } alerts
    } already, the most I keep per person. Remove one in /alerts first.
alert-reached = 🔔 <b>Rate alert</b>: { $amount } { $from } now gets <b>{ $receive } { $to }</b> (best offer, { $provider }), at least the { $target } you asked for. This alert has ended; a new quote may differ a little.
alert-exchange-button = 🔄 Exchange now
alert-expired = ⌛ Your rate alert for { $amount } { $from } → at least { $target } { $to } ended after { $days ->
        [one] { $days } day
       *[other] { $days } days
    } without being reached.
alerts-empty = You have no rate alerts. Set one with <code>/alert 0.5 btc eth 17.2</code>.
alerts-title = <b>🔔 Your rate alerts</b>
alerts-line = { $n }. { $amount } { $from } → at least { $target } { $to } · until { $until }
alerts-removed = Alert removed.
flow-alert-button = 🔔 Set a rate alert…
flow-alert-ask = How much { $to } at least should { $amount } { $from } get? Send the amount, for example <code>{ $example }</code>.
command-alert = Rate alert: /alert 0.5 btc eth 17.2
command-alerts = Your rate alerts

## Deposit card: copy buttons (the app copies exactly what the card shows)
button-copy-amount = 📋 Exact amount
button-copy-address = 📋 Deposit address
button-copy-memo = 📋 Memo

# Issue 32: how long a quote holds, and the next best offer after a refusal.
summary-quote-holds = ⏱ This quote holds for { $seconds } s: after that, Confirm checks it again before anything is created.
summary-floating-means = Floating rate: the amount you receive follows the market until your coins are exchanged, so it may end up a little higher or lower.
summary-fixed-means = Fixed rate: the provider promises the amount shown, as long as you send exactly the amount above, in time.
flow-next-best = { $refused } could not take it. The next best offer is below, from <b>{ $provider }</b>: check it and confirm if it suits you.
flow-next-best-waiting = ⏳ Looking for the next best offer for you.
flow-next-best-done = ✅ The offers are in. Tap below to see the next best one.
flow-next-best-wait = ⏳ Still looking: a button will appear here as soon as the offers are in.
button-see-offer = 👀 See the offer
