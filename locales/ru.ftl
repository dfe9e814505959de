# Ключи разделены по функциям. Всё, что пришло от человека или от сервиса,
# экранируется для HTML до подстановки.

## Старт, меню, помощь, язык

start-welcome =
    👋 <b>Здравствуйте, { $name }!</b>

    Я обмениваю криптовалюты через агрегатор обменников: сравниваю предложения нескольких провайдеров, вы выбираете одно, а я говорю, куда отправить монеты. Регистрация не нужна.

    Нажмите <b>Обмен</b> или отправьте /exchange.

    🛡 Наша поддержка никогда не пишет первой и никогда не просит ключи или seed-фразы: проверить аккаунт — /verify @имя.
menu-exchange = 🔄 Обмен
menu-history = 📜 Мои обмены
menu-language = 🌐 Язык
menu-help = ❓ Помощь
help-text =
    <b>Как это работает</b>
    1. Выберите, что отдаёте и что получаете (валюта в определённой сети).
    2. Введите сумму и сравните предложения.
    3. Введите адрес получения (и мемо, если сеть его требует).
    4. Подтвердите: я создам обмен и покажу адрес для депозита.
    5. Отправьте ровно указанную сумму. Я сообщу о каждом изменении статуса.

    /exchange — начать обмен
    /history — ваши обмены
    /export — ваши обмены в файле CSV
    /addresses — сохранённые адреса получения
    /alert 0.5 btc eth 17.2 — сообщить, когда за 0.5 BTC дадут не меньше 17.2 ETH; /alerts — список
    /cancel — выйти из текущего обмена
    /language — сменить язык

    <b>Безопасность</b>
    /phrase — задать антифишинговую фразу: каждое моё сообщение с адресом для отправки монет будет её содержать, и бот-клон, подделывающий мои сообщения, не сможет её показать.
    /verify @имя — проверить, этот ли это бот или наша поддержка. Поддержка никогда не пишет первой и никогда не просит ключи или seed-фразы.
language-pick = Выберите язык:
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
language-changed = ✅ Язык изменён на русский.
cancel-nothing = Отменять нечего. Отправьте /exchange, чтобы начать обмен.
unknown-command = Я не знаю такой команды. Отправьте /help, чтобы узнать, что я умею.
fallback-text = Отправьте /exchange, чтобы начать обмен, или /help, чтобы узнать, что я умею.
button-expired = Эта кнопка устарела.
sandbox-notice = 🧪 <i>Тестовый обмен (песочница): здесь всё ненастоящее, никакие средства не переводятся.</i>

command-start = Главное меню
command-exchange = Начать обмен
command-history = Мои обмены
command-cancel = Выйти из текущего обмена
command-language = Сменить язык
command-help = Как это работает

## История

history-empty = У вас пока нет обменов. Отправьте /exchange, чтобы начать.
history-title = <b>Ваши обмены</b>, сначала новые:
history-line = • { $amount } { $from } → { $to }: <b>{ $status }</b>
    <code>{ $id }</code>
history-button = { $n }. { $amount } { $from } → { $to }

## Обмен

flow-pick-from = Что вы хотите <b>отдать</b>?
flow-pick-to = Вы отдаёте <b>{ $from }</b>. Что хотите <b>получить</b>?
flow-pick-hint = Нажмите на валюту или напишите её символ или название: <code>usdt</code>, <code>tether</code>, или символ с сетью: <code>usdt trx</code>.
flow-pick-hint-recent = Выберите одну из недавних пар или валюту, либо введите её символ или название (например, <code>usdt</code>, <code>usdt trx</code>).
flow-pick-network = <b>{ $symbol }</b> ({ $name }) есть в нескольких сетях. В какой?
flow-back-to-list = « Популярные валюты
flow-matches = Валюты по запросу «{ $query }»:
flow-nothing-found = Я не нашёл валюту «{ $query }».
flow-did-you-mean = Возможно, вы имели в виду одну из этих?
flow-same-currency = Нельзя обменять { $currency } на саму себя. Выберите другую валюту для получения.
flow-unknown-command = Эта команда здесь не работает. Отправьте /cancel, чтобы выйти из обмена.
flow-text-expected = Пожалуйста, напишите ответ или нажмите кнопку.
flow-step-again = Многие ваши ответы не подошли для этого шага, поэтому я спрашиваю заново, с начала шага. Всё, что вы выбрали раньше, сохранено; /cancel — выйти из обмена.
flow-tap-a-button = Пожалуйста, нажмите одну из кнопок выше.
flow-cancelled = Обмен отменён. Уже созданные обмены — в /history.
start-flow-closed = Я закрыл обмен, который вы настраивали; ничего не создано. Начать заново — /exchange; уже созданные обмены — в /history.
start-flow-closed-created = Я закрыл настройку обмена. Обмен <code>{ $id }</code> уже создан и остаётся открытым: я напишу, когда сервис пришлёт данные для депозита. Он есть в /history.
flow-cancelled-created = Обмен <code>{ $id }</code> уже создан, поэтому он не отменён: ничего не произойдёт, пока вы не отправите на него средства. Я напишу, когда сервис пришлёт данные для депозита; обмен есть в /history.
flow-too-large = ⌛ Настройка обмена слишком разрослась (слишком много сообщений туда и обратно), поэтому я её закрыл. Отправьте /exchange, чтобы начать заново; уже созданные обмены — в /history.
flow-too-large-created = ⌛ Наш диалог об этом обмене слишком разросся (слишком много сообщений туда и обратно), поэтому я его закрыл. Обмен <code>{ $id }</code> уже создан и остаётся открытым: я напишу, когда сервис пришлёт данные для депозита. Он есть в /history.
flow-timeout = ⌛ Настройка обмена простояла 30 минут, и я её закрыл. Отправьте /exchange, чтобы начать заново; уже созданные обмены — в /history.
flow-timeout-created = ⌛ Наш диалог простоял 30 минут, и я его закрыл. Обмен <code>{ $id }</code> уже создан и остаётся открытым: я напишу, когда сервис пришлёт данные для депозита. Он есть в /history.

flow-ask-amount = Сколько <b>{ $from }</b> вы хотите отдать? Например, <code>0,5</code>.
amount-empty = Пожалуйста, напишите сумму, например <code>0,5</code>.
amount-not-a-number = Не могу прочитать это как число. Напишите сумму вида <code>0,5</code> или <code>1 000</code>.
amount-zero = Сумма должна быть больше нуля.
amount-negative = Сумма не может быть отрицательной.
amount-exponent = Пожалуйста, напишите сумму полностью, без экспоненты (не <code>1e5</code>).
amount-too-many-decimals = Слишком много знаков после запятой (или точки): я принимаю не больше { $decimals ->
        [one] { $decimals } знака
        [few] { $decimals } знаков
        [many] { $decimals } знаков
       *[other] { $decimals } знака
    }.
amount-too-large = Слишком большая сумма. Проверьте её и напишите ещё раз.
amount-ambiguous = Не понимаю, что в <code>{ $input }</code> делает разделитель: отделяет тысячи или дробную часть — пишут и так, и так. Напишите целое число без разделителя (<code>1234</code>) или дробь с ещё одним нулём в конце (<code>1,2340</code>).

queue-position = ⏳ Сервис обмена занят: вы { $position }-й в очереди, примерно { $seconds } с.
create-rate-limited = ⏳ Сервис обмена попросил подождать: обмен ещё не создан. Попробую снова примерно через { $seconds } с.
flow-offers-loading = ⏳ Получаю предложения: { $amount } { $from } → { $to }…
flow-recheck-waiting = ⏳ Курс получен больше минуты назад: перед созданием обмена я ещё раз проверяю предложение.
flow-recheck-done = ✅ Предложение проверено. Нажмите «Подтвердить», чтобы продолжить.
flow-recheck-wait = ⏳ Ещё проверяю предложение: кнопка «Подтвердить» появится здесь, как только проверка закончится.
flow-offers-header = <b>{ $amount } { $from } → { $to }</b>
flow-quote-age = Предложения, лучшие сверху · курс на { $time } ({ $seconds } с назад)
flow-offer-line = { $rank }. <b>{ $provider }</b>: { $receive } { $to }{ $versus } · { $type }
    {"    "}лимиты: { $min } – { $max } { $from }
rate-floating = плавающий курс
rate-fixed = фиксированный курс
limit-none = без максимума
offer-versus-best = ({ $percent })
flow-offer-button = { $provider } · { $receive } { $currency }
tag-recommended = ⭐ Рекомендуем
tag-ai-best-rate = 🤖 Лучший курс по ИИ
tag-best-rate = 💰 Лучший курс
tag-best-in-kyc = 🛡 Меньше всего проверок KYC
button-refresh = 🔄 Обновить
button-retry = 🔁 Повторить
flow-change-amount = ✏️ Изменить сумму
flow-change-from = Изменить, что отдаю
flow-change-to = Изменить, что получаю
flow-pair-invalid = Эту пару нельзя обменять: { $from } → { $to }. Выберите другую валюту.
flow-below-minimum = { $amount } { $from } — меньше минимума, который принимают провайдеры для этой пары. Введите сумму побольше.
flow-no-offers = Сейчас никто не предлагает обмен { $from } → { $to }. Попробуйте другую сумму или пару.
flow-offer-out-of-limits = { $provider } принимает от { $min } до { $max } { $currency }; вы ввели { $amount }. Выберите другое предложение или измените сумму.
error-unavailable = Сервис обмена сейчас не отвечает. Ваш выбор сохранён: попробуйте ещё раз чуть позже.
exchange-unavailable = ⚠️ Сервис обмена сейчас недоступен, поэтому я не могу ни показать курсы, ни создать обмен. Попробуйте позже; уже созданные обмены — в /history.
error-rate-limited = Сервис обмена занят. Ваш выбор сохранён: попробуйте через { $seconds } с.
error-queue-full = ⏳ У вас уже { $count ->
        [one] { $count } запрос курса ждёт
        [few] { $count } запроса курса ждут
        [many] { $count } запросов курса ждут
       *[other] { $count } запроса курса ждут
    } в очереди к сервису обмена. Ваш выбор сохранён: попробуйте примерно через { $seconds } с, когда придёт первый.
error-refused = Сервис обмена отказал: { $reason }
error-refused-plain = Сервис обмена отказал.
error-forbidden = Сервис обмена пока не даёт боту доступа к этому запросу. Ваш выбор сохранён: попробуйте ещё раз позже, а если так и будет повторяться, напишите в нашу поддержку.

flow-ask-address = Отправьте адрес <b>{ $currency }</b> в сети <b>{ $network }</b>, на который хотите получить монеты.
    Скопируйте его из кошелька и проверьте сеть.
address-empty = Пожалуйста, отправьте адрес текстом.
address-too-long = Это слишком длинно для адреса в сети { $network }. Проверьте его.
address-whitespace = В адресе нет пробелов и переносов строк. Отправьте только адрес.
address-unprintable = В тексте есть скрытые или необычные символы; в настоящих адресах их нет. Скопируйте адрес ещё раз.
address-invalid-format = Это не похоже на адрес в сети { $network }. Проверьте, что он для этой сети, и скопируйте его ещё раз.
address-burn-address = Это адрес для сжигания монет: потратить отправленное туда не может никто, и ваши монеты пропадут. Отправьте адрес своего кошелька.
address-token-contract = Это контракт токена { $token }, а не кошелёк: монеты, отправленные на контракт токена, пропадают навсегда. Отправьте адрес своего кошелька (кошелёк показывает его в разделе «Получить»).
flow-address-unchecked = ⚠️ Я не умею проверять адреса в сети { $network }: адрес с опечаткой я приму. Скопируйте его из кошелька и перед подтверждением сверьте посимвольно.

flow-ask-memo =
    ⚠️ <b>Сеть { $network } требует мемо (тег назначения)</b> для { $currency }.
    Биржи и кастодиальные кошельки зачисляют по нему средства: <b>без правильного мемо средства можно потерять.</b>

    Напишите мемо из вашего кошелька или нажмите кнопку, если ваш собственный кошелёк его действительно не требует.
flow-no-memo = Мне мемо не нужно
flow-no-memo-sure = Вы уверены? Без мемо можно отправлять только на собственный кошелёк, которому оно не нужно. Биржам и кастодиальным кошелькам в сети { $network } мемо нужно <b>всегда</b>.
flow-no-memo-yes = Да, без мемо
flow-no-memo-back = Нет, я напишу мемо
flow-type-memo = Пожалуйста, напишите мемо.
memo-too-long = Это мемо слишком длинное для сети { $network }. Проверьте его.
memo-unprintable = В мемо есть скрытые или необычные символы. Скопируйте его ещё раз.
memo-invalid-format = Это не подходит как мемо для сети { $network }. Проверьте его.
memo-encrypted = В сети { $network } мемо, начинающееся с #, отправляется зашифрованным, и принимающая биржа не сможет его прочитать. Введите мемо без #.

summary-title = <b>Проверьте всё внимательно</b>
summary-send = Отдаёте: <b>{ $amount } { $currency }</b>
summary-receive = Получите примерно: <b>{ $amount } { $currency }</b>
summary-rate = Курс: 1 { $base } = { $rate } { $quote }
summary-provider = Провайдер: { $provider } ({ $type })
summary-address = На адрес ({ $network }): <code>{ $address }</code>
summary-address-compare = ⚠️ Адреса в этой сети я проверить не могу: сверьте адрес выше с кошельком посимвольно.
summary-memo = Мемо: <code>{ $memo }</code>
summary-no-memo = Мемо: нет (вы подтвердили, что кошельку оно не нужно)
button-confirm = ✅ Подтвердить
button-change = ✏️ Изменить
button-cancel = ✖️ Отменить
flow-change-what = Что вы хотите изменить?
change-from = Что отдаю
change-to = Что получаю
change-amount = Сумму
change-offer = Предложение
change-address = Адрес
change-memo = Мемо
flow-offer-gone = ⚠️ { $provider } больше не предлагает этот обмен. Выберите другое предложение.
flow-quote-changed = ⚠️ Предложение изменилось: теперь вы получите около <b>{ $receive } { $currency }</b> вместо { $was }. Вот новые цифры: подтвердите ещё раз, если они подходят.
flow-quote-limits-changed = ⚠️ Лимиты предложения изменились, и ваша сумма в них больше не входит. Выберите предложение заново.
flow-create-unknown = ⚠️ Не удалось подтвердить, создан ли ваш обмен: я отправил запрос, но сервис обмена не дал ясного ответа, поэтому обмен <b>мог</b> быть создан. Адреса для депозита по нему у меня нет: <b>ничего не отправляйте</b>, пока не увидите адрес для депозита от меня. Сам я этот запрос повторять не буду; чтобы попробовать снова, начните с /exchange. Номер для поддержки: <code>{ $reference }</code>, { $time }.
flow-create-in-flight = ⏳ Возможно, ваш обмен создаётся прямо сейчас: запрос на его создание дошёл до сервиса обмена, а ответ ещё не пришёл. Данные для депозита или отказ сервиса придут сюда, как только станут известны; подтверждать ещё раз не нужно. <b>Ничего не отправляйте</b>, пока не увидите адрес для депозита от меня. Номер для поддержки: <code>{ $reference }</code>, { $time }.
create-refused-later = ❌ Сервис обмена отказал в обмене, который вы подтвердили: он <b>не</b> создан, и никакой адрес для депозита ваших монет не ждёт, поэтому ничего для него не отправляйте. Чтобы попробовать снова, начните с /exchange. Номер для поддержки: <code>{ $reference }</code>, { $time }.

created-title = ✅ <b>Обмен создан</b>
created-send = Отправьте ровно <code>{ $amount }</code> <b>{ $currency }</b> (точная сумма, без округления: нажмите, чтобы скопировать) в сети <b>{ $network }</b> на этот адрес:
created-memo = ⚠️ <b>Обязательно укажите это мемо, иначе депозит можно потерять:</b> <code>{ $memo }</code>
created-tracking = Я напишу вам при каждом изменении статуса.
created-repeat = 🔁 Отправляю ещё раз на случай, если предыдущее сообщение не дошло (оно могло дойти). Данные те же; отправьте средства только один раз.
# A status message sent again after a send that may have arrived (it comes first, on a line of its own).
notice-repeat = 🔁 Отправляю ещё раз на случай, если предыдущее сообщение не дошло (оно могло дойти).
created-qr = QR-код адреса для депозита { $currency }

## Статусы, карточки и сообщения трекера

status-waiting = ⏳ Ждём ваш депозит
status-confirming = 🔎 Депозит подтверждается
status-exchanging = 🔄 Идёт обмен
status-sending = 📤 Отправка на ваш адрес
status-finished = ✅ Завершён
status-failed = ❌ Ошибка
status-refunded = ↩️ Возврат
status-overdue = ⌛ Истёк: депозит не пришёл вовремя
status-unknown = ❔ { $status }
card-title = 🔁 Обмен <code>{ $id }</code>
card-pair = { $amount } { $from } → примерно { $receive } { $to }
card-status = Статус: <b>{ $status }</b>
card-to = Куда: <code>{ $address }</code>
card-to-memo = Мемо: <code>{ $memo }</code>
card-provider = Провайдер: { $provider } ({ $type })
card-refund = Возвращено на: <code>{ $address }</code>
card-hash-from = Ваш депозит: { $link }
card-hash-to = Выплата: { $link }
card-hash-refund = Возврат: { $link }
card-not-tracked = Я больше не проверяю этот обмен сам; нажмите «Обновить», чтобы узнать статус.
card-updated = <i>Обновлено { $time }</i>
slow-title = ⏳ <b>Дольше обычного</b> · обмен <code>{ $id }</code>
slow-confirming = Ваш депозит { $sent } { $from } получен и ждёт подтверждений в сети { $network }; обычно это занимает около { $minutes } мин. Когда сеть загружена, это дольше: это нормально, ваши средства не потеряны.
slow-exchanging = { $provider } обменивает ваши { $from } на { $to }; обычно это занимает около { $minutes } мин. Иногда провайдер проверяет депозит перед обменом: это дольше, но ваши средства не потеряны.
slow-sending = { $provider } отправляет около { $receive } { $to } на <code>{ $address }</code>; обычно это занимает около { $minutes } мин. Возможно, сеть { $network } загружена.
slow-follow = Ваш депозит в сети: { $link }
slow-what-to-do = Пока ничего делать не нужно: я слежу за обменом и напишу, когда он сдвинется. Если через { $later } мин ничего не изменится, обратитесь за помощью с ID обмена: нажмите { $button } на карточке и отправьте это сообщение.
card-late = ⚠️ Дольше обычного: «{ $status }» с { $since }.
change-title = <b>{ $status }</b> · обмен <code>{ $id }</code>
change-waiting = Обмен ждёт ваш депозит: { $sent } { $from }.
change-confirming = Ваш депозит { $sent } { $from } пришёл и подтверждается.
change-exchanging = Ваши { $from } обмениваются на { $to }.
change-sending = Примерно { $receive } { $to } отправляются на <code>{ $address }</code>.
change-finished = Готово: { $receive } { $to } отправлены на <code>{ $address }</code>.
change-failed = Обмен не удался. Напишите в поддержку и укажите ID обмена <code>{ $id }</code>: перешлите это сообщение нам или напишите в поддержку { $provider }.
change-refunded = Ваш депозит возвращён.
change-refund-address = Возврат отправлен на <code>{ $refund }</code>.
received-vs-quote = { $direction ->
   *[less] Получено: { $received } { $to }; по курсу ожидалось около { $quoted }: на { $percent } меньше.
    [more] Получено: { $received } { $to }; по курсу ожидалось около { $quoted }: на { $percent } больше.
    [same] Получено: { $received } { $to }, как и ожидалось по курсу.
}
change-overdue = Депозит не пришёл вовремя, и обмен истёк. Ничего не отправляйте на его адрес; начните новый обмен: /exchange.
change-unknown = Сервис обмена сообщает незнакомый мне статус. Я продолжаю проверять и напишу, когда он изменится.
history-page = Страница { $page } из { $pages }
status-not-found = Не нашёл обмена с таким ID среди ваших. Проверьте ID или посмотрите /history.
status-usage = Укажите ID обмена после команды, например: <code>/status exolix-floating-abc123</code>
refresh-cooldown = Только что обновлялось. Попробуйте через { $seconds } с.
refresh-failed = Не удалось связаться с сервисом обмена; показываю то, что знаю.
support-lookup-queue-full = ⏳ У вас уже { $count ->
        [one] { $count } запрос ждёт
        [few] { $count } запроса ждут
        [many] { $count } запросов ждут
       *[other] { $count } запроса ждут
    } в очереди к сервису обмена, поэтому здесь то, что я знаю, а не текущий статус. Запросите снова примерно через { $seconds } с.
refresh-queue-full = ⏳ У вас уже { $count ->
        [one] { $count } запрос ждёт
        [few] { $count } запроса ждут
        [many] { $count } запросов ждут
       *[other] { $count } запроса ждут
    } в очереди к сервису обмена, поэтому карточка не обновлена. Нажмите «Обновить» ещё раз примерно через { $seconds } с.
button-funds-sent = 📨 Средства отправлены
funds-sent-thanks = Спасибо! В течение { $minutes } мин я буду проверять поступление депозита { $seconds ->
        [60] каждую минуту
       *[other] каждые { $seconds } с
    } и сразу сообщу, когда он придёт.

## Поддержка

support-lookup-unknown = Обмена с таким ID нет ни в боте, ни в сервисе обмена. Вставьте ID или попросите его сообщение 🧾 Для поддержки (не карточку: на ней может быть антифишинговая фраза клиента).
support-user-unknown = Нет такого пользователя. Укажите его Telegram id или @username.
support-user-title = <b>Пользователь { $id }</b> (@{ $username }, язык { $language }): { $count ->
        [one] { $count } обмен
        [few] { $count } обмена
        [many] { $count } обменов
       *[other] { $count } обмена
    }, сначала новые:
support-lookup-owner = Создал пользователь <code>{ $id }</code> (@{ $username }, язык { $language })
support-lookup-created = Создан { $time } UTC
support-lookup-tracked = Отслеживается: следующая проверка в { $time } UTC
support-lookup-not-tracked = Больше не отслеживается
support-lookup-history = <b>История статусов</b> (UTC):
support-stats =
    <b>Статистика</b>
    Пользователей: { $users }
    Обмены по статусам: { $exchanges }
    Вызовов API за последний час: создание { $create }, запросы пользователей { $user }, проверка статусов { $poll }, каталог { $catalogue }, оповещения о курсе { $alert }
    Ответов 429 от сервиса: { $limited }
    Трекер: отслеживается { $tracked }, к проверке сейчас { $due }

## Курсы в группах и инлайн-режиме

rate-usage = Формат: <code>/rate 0.5 btc usdt</code> · сеть можно указать так: <code>usdt-trx</code> или <code>usdt trx</code>
rate-admins-only = В этой группе курсы могут запрашивать только админы.
rate-main-network = { $symbol } в основной сети, { $network }
rate-pair-invalid = Эту пару нельзя обменять.
rate-forbidden = Сервис обмена сейчас не даёт боту котировки для этой пары (нет доступа). Попробуйте позже.
rate-below-minimum = Сумма меньше минимума для этой пары.
rate-slow-down = ⏳ За последнюю минуту вы запросили несколько новых курсов, а сервис обмена позволяет всем вместе лишь несколько запросов в минуту. Подождите { $seconds } с и спросите снова (только что запрошенные суммы и суммы в пределах 1 % от них показываются сразу).
rate-queue-full = ⏳ У вас уже { $count ->
        [one] { $count } запрос курса ждёт
        [few] { $count } запроса курса ждут
        [many] { $count } запросов курса ждут
       *[other] { $count } запроса курса ждут
    } в очереди к сервису обмена. Первый придёт примерно через { $seconds } с: спросите снова после этого.
rate-offer-line = { $rank }. <b>{ $provider }</b>: { $receive } { $to }{ $versus } · { $type }
rate-offer-out-of-limits = { $rank }. <b>{ $provider }</b>: эта сумма вне его лимитов ({ $min } – { $max } { $from })
rate-out-of-limits-short = сумма вне лимитов
rate-offer-title = { $estimated ->
        [yes] { $provider }: ≈ { $receive } { $currency }
       *[no] { $provider }: { $receive } { $currency }
    }
rate-estimated = <i>≈ Оценка по курсу для { $amount } { $from }: для точно этой суммы цифры могут немного отличаться.</i>
rate-limits = Лимиты лучшего предложения: { $min } – { $max } { $from }
rate-time = <i>Курс на { $time }</i>
rate-exchange-button = 🔄 Обменять в личном чате
settings-title = <b>Настройки группы</b>: кто может запрашивать курсы и на каком языке я здесь отвечаю.
settings-admins-only = Менять эти настройки могут только админы группы.
settings-everyone = Все
settings-admins = Только админы
inline-summary-title = { $amount } { $from } → { $to }
inline-hint-title = Введите сумму и две валюты
inline-unavailable-title = Сервис обмена сейчас недоступен
inline-slow-down-title = Слишком много новых курсов: подождите { $seconds } с
inline-hint-description = Например: 0.5 btc usdt
command-status = Статус обмена по его ID
command-rate = Курс: /rate 0.5 btc usdt
command-settings = Настройки группы (админы)
command-lookup = Поддержка: найти обмен
command-user = Поддержка: обмены пользователя
command-stats = Поддержка: статистика
command-late = Поддержка: обмены дольше обычного
support-lookup-foreign = <i>Создан не через этого бота: только то, что сообщает сервис обмена.</i>

## deposit details
deposit-missing-address = ⚠️ <b>Сервис обмена ещё не выдал адрес для депозита.</b> Ничего не отправляйте, пока я не покажу его здесь.
deposit-missing-memo = ⚠️ <b>Сервис обмена ещё не выдал мемо для депозита.</b> В сети { $network } депозит без мемо может потеряться, поэтому адрес я не показываю: ничего не отправляйте, пока я не покажу и то и другое.
deposit-incomplete-choices = Нажмите <b>Повторить</b>, чтобы снова запросить сервис, или <b>Выйти</b>: обмен останется в /history, и я напишу, когда данные для депозита появятся.
deposit-ready = 📬 Данные для депозита по обмену <code>{ $id }</code> готовы. Отправляйте только так, как указано ниже.
button-leave = Выйти
created-qr-memo = QR-код адреса для депозита { $currency }. Мемо в нём нет: введите мемо <code>{ $memo }</code> вручную, иначе депозит может потеряться.

## create outcomes
history-unconfirmed = ⚠️ <b>Не подтверждено</b>: по этим запросам сервис обмена мог создать обмен, но так и не сообщил мне его ID, поэтому показать и отслеживать его здесь я не могу. Адреса для депозита по ним я вам не давал: ничего по ним не отправляйте. Если что-то не так, перешлите это сообщение нам.
history-unconfirmed-line = • { $time }, номер <code>{ $reference }</code>
support-request-title = <b>Запрос на создание</b> <code>{ $reference }</code>
support-request-unknown = ⚠️ <b>Исход неизвестен</b>: запрос мог дойти до сервиса обмена, и ни один ответ не сказал, создан ли обмен. ID обмена у бота нет, поэтому он не отслеживается, а адрес для депозита клиенту не показан.
support-request-in-flight = ⏳ <b>Ответа ещё нет</b>: запрос, возможно, ещё в пути (ему меньше { $minutes } мин).
support-request-failed = ❌ <b>Отклонён</b> сервисом обмена; ничего не создано.
support-request-created = ✅ <b>Создан</b>: обмен <code>{ $id }</code>.
support-request-reason = Последний ответ: { $reason }
support-request-owner = Запросил пользователь <code>{ $id }</code> (@{ $username }, язык { $language })
support-request-at = Запрошен { $time } UTC
support-request-no-details = Этот запрос сделан до того, как бот стал хранить, что в нём запрошено: пара, сумма, провайдер и адрес есть в журнале, в строке «createTransaction failed» с этим номером.
support-request-asked = Запрошено: { $amount } { $from } → { $to } у { $provider } ({ $type })
support-stats-unknown = Созданий с неизвестным исходом (обмен может существовать, ID нет): { $count }
support-late-none = Нет обменов, которые идут дольше обычного.
support-late-title = <b>Дольше обычного</b> ({ $count }), сначала самые долгие:
support-late-line = • <code>{ $id }</code> · «{ $status }» с { $since } UTC · { $provider }
support-stats-exchange-ok = Сервис обмена: доступен
support-stats-exchange-down = ⚠️ Сервис обмена: <b>недоступен</b> с { $since } UTC ({ $reason }): { $detail }

## tracker: never silent
tracking-stopped-not-found = ⚠️ <b>Я перестал следить за обменом</b> <code>{ $id }</code>: сервис обмена раз за разом отвечает, что не может его найти.
tracking-stopped-stalled = ⚠️ <b>Я перестал следить за обменом</b> <code>{ $id }</code>: он в статусе «{ $status }» с { $since }.
tracking-stopped-what-to-do = Ваши средства не пропали оттого, что я перестал следить. Если вы отправили депозит или всё ещё ждёте выплату, напишите в поддержку { $provider } и укажите ID обмена <code>{ $id }</code>. Кнопка «Обновить» на карточке обмена по-прежнему показывает его статус.
card-tracking-stopped = ⚠️ Я перестал следить за этим обменом { $time }: { $reason }. Если средства не пришли, напишите в поддержку { $provider } и укажите ID обмена. Нажмите «Обновить», чтобы узнать статус.
tracking-reason-not-found = сервис обмена не смог его найти
tracking-reason-stalled = его статус перестал меняться
tracking-reason-unknown = причина не записана
support-lookup-stopped = Не отслеживается с { $time } UTC: { $reason }

## Anti-phishing: /phrase, /verify
deposit-phrase =
    🔐 Ваша фраза: <b>{ $phrase }</b>
    Не пересылайте это сообщение и никому не показывайте фразу, даже поддержке: для поддержки нажмите 🧾 Для поддержки.
phrase-none =
    У вас ещё нет антифишинговой фразы.

    Задайте её: <code>/phrase ваши слова</code>. С этого момента каждое моё сообщение с адресом для отправки монет будет её содержать. Бот, подделывающий мои сообщения, её не знает: адрес для депозита без вашей фразы — не от меня.
phrase-current =
    Ваша антифишинговая фраза: <b>{ $phrase }</b>. Каждое моё сообщение с адресом для отправки монет её содержит.

    Изменить: <code>/phrase новые слова</code>, удалить: <code>/phrase off</code>.
phrase-set = ✅ Сохранено. Каждое сообщение с адресом для депозита теперь содержит <b>{ $phrase }</b>. Я удалил ваше сообщение, чтобы фраза не осталась в чате. Никогда не пересылайте сообщение с ней и никому её не называйте: поддержка её никогда не спрашивает. Для поддержки нажмите 🧾 Для поддержки на карточке обмена и перешлите это сообщение: фразы в нём нет.
phrase-removed = Антифишинговая фраза удалена.
phrase-invalid = Фраза должна быть длиной от { $min } до { $max ->
        [one] { $max } символа
        [few] { $max } символов
        [many] { $max } символов
       *[other] { $max } символа
    } и не должна начинаться с «/». Попробуйте ещё раз: <code>/phrase ваши слова</code>.
verify-usage = Отправьте <code>/verify @имя</code>, чтобы проверить, этот ли это бот или наша поддержка.
verify-bot = ✅ @{ $name } — это этот бот: Telegram только что это подтвердил.
verify-staff = ✅ @{ $name } — сотрудник нашей поддержки: Telegram только что подтвердил это по его аккаунту.
verify-unknown = ⚠️ @{ $name } — <b>не</b> этот бот и <b>не</b> наша поддержка. Не отправляйте ему монеты, ключи или seed-фразы.
verify-unavailable = Сейчас не удалось спросить Telegram, поэтому я не могу подтвердить ни один аккаунт. Попробуйте через минуту, а пока не доверяйте аккаунтам, которые пишут вам первыми.
verify-reminder = Наша поддержка никогда не пишет первой и никогда не просит ключи, пароли или seed-фразы.
command-phrase = Антифишинговая фраза
command-verify = Это этот бот или наша поддержка?

## Card: for support, swap again
button-receipt = 🧾 Для поддержки
button-swap-again = 🔁 Обменять снова
receipt-title = 🧾 <b>Для поддержки</b> · обмен { $id }
receipt-provider = Провайдер: { $provider } ({ $type })
receipt-created = Создан: { $time }
receipt-amounts = Отправлено: { $sent } { $from } → получено: { $receive } { $to }
receipt-quoted = Ожидалось при подтверждении: около { $quoted } { $to }
receipt-deposit = Адрес депозита (для поддержки, не для оплаты): { $address } · мемо: { $memo }
receipt-deposit-none = Адрес депозита: ещё не полный (не показан)
receipt-to = Адрес получения: { $address } · мемо: { $memo }
receipt-refund = Адрес возврата: { $address }
receipt-hashes = Хеш депозита: { $hashIn } · хеш выплаты: { $hashOut }
receipt-status = Статус: { $status } ({ $raw })
receipt-history = История статусов:
receipt-tracking-stopped = Отслеживание остановлено { $time }: { $reason }
receipt-footer = Перешлите это сообщение в поддержку: в нём всё, что ей нужно, и никаких секретов. Вашей антифишинговой фразы в нём никогда нет: не пересылайте сообщения, в которых она есть. Поддержка никогда не пишет первой.

## Export
export-empty = Пока нечего выгружать: у вас нет обменов. Начать — /exchange.
export-caption = 📄 Ваши обмены в файле CSV ({ $count ->
        [one] { $count } обмен
        [few] { $count } обмена
        [many] { $count } обменов
       *[other] { $count } обмена
    }, время в UTC) — для учёта или налоговой программы.
command-export = Ваши обмены в файле CSV

## Address book
button-save-address = 💾 Сохранить адрес
addresses-ask-label = Как назвать этот адрес? Отправьте короткую метку (до { $max ->
        [one] { $max } символа
        [few] { $max } символов
        [many] { $max } символов
       *[other] { $max } символа
    }), например <i>Ledger</i> или <i>Счёт на бирже</i>.
addresses-ask-rename = Новая метка для <b>{ $label }</b> (до { $max ->
        [one] { $max } символа
        [few] { $max } символов
        [many] { $max } символов
       *[other] { $max } символа
    }):
addresses-label-invalid = Метка — от 1 до { $max ->
        [one] { $max } символа
        [few] { $max } символов
        [many] { $max } символов
       *[other] { $max } символа
    } в одну строку. Отправьте другую или любую команду, чтобы не сохранять.
addresses-saved = 📒 Сохранено как <b>{ $label }</b>. На шаге адреса для сети { $network } он будет кнопкой.
addresses-renamed = ✅ Переименовано в <b>{ $label }</b>.
addresses-already = Уже в адресной книге как { $label }.
addresses-full = Адресная книга заполнена ({ $max ->
        [one] { $max } адрес
        [few] { $max } адреса
        [many] { $max } адресов
       *[other] { $max } адреса
    }). Сначала удалите один в /addresses.
addresses-empty = Адресная книга пуста. После успешного обмена я предложу сохранить адрес получения.
addresses-title = <b>📒 Ваши адреса</b>
addresses-memo = мемо <code>{ $memo }</code>
addresses-footer = ✏️ — переименовать, 🗑 — удалить.
addresses-deleted = Удалено.
flow-address-book-hint = Или выберите один из сохранённых адресов:
address-saved-invalid = Сохранённый адрес <b>{ $label }</b> больше не подходит для сети { $network }. Введите адрес вручную.
command-addresses = Сохранённые адреса

## Rate alerts
alert-usage =
    Оповещение о курсе: <code>/alert 0.5 btc eth 17.2</code> — я сообщу, когда за 0.5 BTC будут давать не меньше 17.2 ETH.
    Сети — как в /rate: <code>usdt-trx</code> или <code>usdt trx</code>. Ваши оповещения: /alerts.
alert-created = 🔔 Я сообщу, когда за { $amount } { $from } будут давать не меньше <b>{ $target } { $to }</b>. Проверяю не чаще раза в { $minutes } мин, когда у сервиса обмена остаётся место после курсов и обменов (в загруженный день реже); оповещение действует { $days ->
        [one] { $days } день
        [few] { $days } дня
        [many] { $days } дней
       *[other] { $days } дня
    }. Ваши оповещения: /alerts.
alert-too-many = У вас уже { $max ->
        [one] { $max } оповещение
        [few] { $max } оповещения
        [many] { $max } оповещений
       *[other] { $max } оповещения
    } — больше я не храню. Сначала удалите одно в /alerts.
alert-reached = 🔔 <b>Оповещение о курсе</b>: за { $amount } { $from } теперь дают <b>{ $receive } { $to }</b> (лучшее предложение, { $provider }) — не меньше заданных { $target }. Оповещение завершено; новый расчёт может немного отличаться.
alert-exchange-button = 🔄 Обменять сейчас
alert-expired = ⌛ Оповещение { $amount } { $from } → не меньше { $target } { $to } завершилось через { $days ->
        [one] { $days } день
        [few] { $days } дня
        [many] { $days } дней
       *[other] { $days } дня
    }: курс так и не был достигнут.
alerts-empty = У вас нет оповещений о курсе. Задать: <code>/alert 0.5 btc eth 17.2</code>.
alerts-title = <b>🔔 Ваши оповещения о курсе</b>
alerts-line = { $n }. { $amount } { $from } → не меньше { $target } { $to } · до { $until }
alerts-removed = Оповещение удалено.
flow-alert-button = 🔔 Оповестить о курсе…
flow-alert-ask = Сколько { $to } как минимум должны давать за { $amount } { $from }? Отправьте сумму, например <code>{ $example }</code>.
command-alert = Оповещение о курсе: /alert 0.5 btc eth 17.2
command-alerts = Ваши оповещения о курсе

## Deposit card: copy buttons (the app copies exactly what the card shows)
button-copy-amount = 📋 Точная сумма
button-copy-address = 📋 Адрес депозита
button-copy-memo = 📋 Мемо

# Issue 32: how long a quote holds, and the next best offer after a refusal.
summary-quote-holds = ⏱ Этот курс действует { $seconds } с: после этого, когда вы нажмёте «Подтвердить», я сначала проверю его ещё раз и только потом создам обмен.
summary-floating-means = Плавающий курс: сумма к получению меняется вместе с рынком, пока ваши монеты не обменяют, поэтому в итоге она может оказаться немного больше или меньше.
summary-fixed-means = Фиксированный курс: провайдер обязуется выплатить показанную сумму, если вы вовремя отправите ровно ту сумму, что указана выше.
flow-next-best = { $refused } не смог провести обмен. Ниже — следующее по выгодности предложение, от <b>{ $provider }</b>: проверьте его и подтвердите, если оно вам подходит.
flow-next-best-waiting = ⏳ Ищу для вас следующее по выгодности предложение.
flow-next-best-done = ✅ Предложения получены. Нажмите кнопку ниже, чтобы увидеть следующее по выгодности.
flow-next-best-wait = ⏳ Ещё ищу: кнопка появится здесь, как только придут предложения.
button-see-offer = 👀 Показать предложение
