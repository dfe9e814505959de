# Keys are prefixed by feature. Every value that comes from a person or the service is
# HTML-escaped before it is passed in.

## Start, menu, help, language

start-welcome =
    👋 <b>欢迎，{ $name }！</b>

    我通过兑换聚合平台为您兑换加密货币：我会比较多家服务商的报价，由您选择其一，然后告诉您把币发送到哪里。无需注册。

    点击<b>兑换</b>开始，或发送 /exchange。

    🛡 我们的客服从不主动联系您，也从不索要私钥或助记词：可用 /verify @用户名 核实任何账号。
menu-exchange = 🔄 兑换
menu-history = 📜 我的兑换
menu-language = 🌐 语言
menu-help = ❓ 帮助
help-text =
    <b>使用说明</b>
    1. 选择要发送和要接收的币种（某个网络上的币种）。
    2. 输入数量，比较各家报价。
    3. 输入您的收款地址（如果该网络需要，还要输入 Memo）。
    4. 确认：我会创建兑换订单，并显示充值地址。
    5. 准确发送所显示的数量。每次状态变化，我都会通知您。

    /exchange — 开始兑换
    /history — 您的兑换记录
    /export — 将您的兑换记录导出为 CSV 文件
    /addresses — 您保存的收款地址
    /alert 0.5 btc eth 17.2 — 当 0.5 BTC 能换到至少 17.2 ETH 时通知您；/alerts 查看全部提醒
    /cancel — 退出当前兑换
    /language — 切换语言

    <b>安全须知</b>
    /phrase — 设置防钓鱼短语：我发出的每条告诉您往哪里发币的消息都会包含它，而冒充我的克隆机器人做不到。
    /verify @用户名 — 核实某个账号是否为本机器人或我们的客服。客服从不主动联系您，也从不索要私钥或助记词。
language-pick = 请选择语言：
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
language-changed = ✅ 语言已切换为简体中文。
cancel-nothing = 当前没有可取消的操作。发送 /exchange 开始兑换。
unknown-command = 我不认识这个命令。发送 /help 查看我能做什么。
fallback-text = 发送 /exchange 开始兑换，或发送 /help 查看我能做什么。
button-expired = 此按钮已失效。
sandbox-notice = 🧪 <i>沙盒（测试环境）：这里的一切都不是真实的，不会转移任何资金。</i>

command-start = 主菜单
command-exchange = 开始兑换
command-history = 我的兑换
command-cancel = 退出当前兑换
command-language = 切换语言
command-help = 使用说明

## History

history-empty = 您还没有兑换记录。发送 /exchange 开始兑换。
history-title = <b>您的兑换</b>，最新的在前：
history-line = • { $amount } { $from } → { $to }：<b>{ $status }</b>
    <code>{ $id }</code>
history-button = { $n }. { $amount } { $from } → { $to }

## The exchange flow

flow-pick-from = 您要<b>发送</b>什么币？
flow-pick-to = 您发送 <b>{ $from }</b>。您想<b>接收</b>什么币？
flow-pick-hint = 点击币种，或输入其代码或名称：<code>usdt</code>、<code>tether</code>，或带网络的代码：<code>usdt trx</code>。
flow-pick-hint-recent = 点击您最近使用的交易对或某个币种，或输入其代码或名称（例如 <code>usdt</code>、<code>usdt trx</code>）。
flow-pick-network = <b>{ $symbol }</b>（{ $name }）支持多个网络。请问使用哪个网络？
flow-back-to-list = « 热门币种
flow-matches = 与“{ $query }”匹配的币种：
flow-nothing-found = 没有找到名为“{ $query }”的币种。
flow-did-you-mean = 您要找的是不是以下币种？
flow-same-currency = { $currency } 不能兑换成它本身。请选择另一个要接收的币种。
flow-unknown-command = 这个命令在这里无法使用。发送 /cancel 可退出兑换。
flow-text-expected = 请输入您的回答或点击按钮。
flow-step-again = 您的多次回答都不符合这一步的要求，因此我从头重新询问这一步。您之前的选择都会保留；发送 /cancel 可退出兑换。
flow-tap-a-button = 请点击上方的一个按钮。
flow-cancelled = 兑换已取消。您已创建的兑换订单可在 /history 中查看。
start-flow-closed = 我已关闭您正在设置的兑换，未创建任何订单。发送 /exchange 重新开始；您已创建的兑换订单可在 /history 中查看。
start-flow-closed-created = 我已关闭您正在设置的兑换。兑换订单 <code>{ $id }</code> 已创建并保持有效：兑换服务提供充值信息后，我会通知您。您可在 /history 中找到它。
flow-cancelled-created = 兑换订单 <code>{ $id }</code> 已经创建，因此不会被取消：只要您不向它转入资金，您的资金就不会有任何变动。兑换服务提供充值信息后，我会通知您；您可在 /history 中找到它。
flow-too-large = ⌛ 您正在设置的兑换内容过长（来回消息过多），超出了我能保存的范围，因此我已将其关闭。发送 /exchange 重新开始；您已创建的兑换订单可在 /history 中查看。
flow-too-large-created = ⌛ 我们关于这笔兑换的对话过长（来回消息过多），超出了我能保存的范围，因此我已将其关闭。兑换订单 <code>{ $id }</code> 已创建并保持有效：兑换服务提供充值信息后，我会通知您。您可在 /history 中找到它。
flow-timeout = ⌛ 您正在设置的兑换已闲置 30 分钟，因此我已将其关闭。发送 /exchange 重新开始；您已创建的兑换订单可在 /history 中查看。
flow-timeout-created = ⌛ 我们的这段对话已闲置 30 分钟，因此我已将其关闭。兑换订单 <code>{ $id }</code> 已创建并保持有效：兑换服务提供充值信息后，我会通知您。您可在 /history 中找到它。

flow-ask-amount = 您要发送多少 <b>{ $from }</b>？例如 <code>0.5</code>。
amount-empty = 请输入数量，例如 <code>0.5</code>。
amount-not-a-number = 无法识别这个数字。请输入类似 <code>0.5</code> 或 <code>1 000</code> 的数量。
amount-zero = 数量必须大于零。
amount-negative = 数量不能为负数。
amount-exponent = 请完整写出数量，不要使用科学计数法（不要写成 <code>1e5</code>）。
amount-too-many-decimals = 小数位数过多：我最多接受小数点（或小数逗号）后 { $decimals } 位。
amount-too-large = 数量过大。请检查后重新输入。
amount-ambiguous = 我无法判断 <code>{ $input }</code> 中的分隔符是千位分隔符还是小数点：两种写法都有人用。请写不带分隔符的整数（<code>1234</code>），或在小数末尾多加一个 0（<code>1.2340</code>）。

queue-position = ⏳ 兑换服务繁忙：您排在第 { $position } 位，大约需要 { $seconds } 秒。
create-rate-limited = ⏳ 兑换服务要求我稍等：您的兑换尚未创建。我将在大约 { $seconds } 秒后重试。
flow-offers-loading = ⏳ 正在获取 { $amount } { $from } → { $to } 的报价…
flow-recheck-waiting = ⏳ 您看到的报价已是一分钟前的：在创建兑换之前，我正在重新核对报价。
flow-recheck-done = ✅ 报价已核对完毕。点击“确认”继续。
flow-recheck-wait = ⏳ 仍在核对报价：完成后我会立即在这里显示“确认”按钮。
flow-offers-header = <b>{ $amount } { $from } → { $to }</b>
flow-quote-age = 报价（最优在前）· 报价时间 { $time }（{ $seconds } 秒前）
flow-offer-line = { $rank }. <b>{ $provider }</b>：{ $receive } { $to }{ $versus } · { $type }
    {"    "}限额：{ $min } – { $max } { $from }
rate-floating = 浮动汇率
rate-fixed = 固定汇率
limit-none = 无上限
offer-versus-best = ({ $percent })
flow-offer-button = { $provider } · { $receive } { $currency }
tag-recommended = ⭐ 推荐
tag-ai-best-rate = 🤖 AI 最优汇率
tag-best-rate = 💰 最优汇率
tag-best-in-kyc = 🛡 身份验证（KYC）最少
button-refresh = 🔄 刷新
button-retry = 🔁 重试
flow-change-amount = ✏️ 修改数量
flow-change-from = 更改发送币种
flow-change-to = 更改接收币种
flow-pair-invalid = 该交易对无法兑换：{ $from } → { $to }。请选择其他币种。
flow-below-minimum = { $amount } { $from } 低于服务商对该交易对接受的最低数量。请输入更大的数量。
flow-no-offers = 目前没有服务商提供 { $from } → { $to } 的报价。请尝试其他数量或其他交易对。
flow-offer-out-of-limits = { $provider } 接受 { $min } 至 { $max } { $currency }，您输入的是 { $amount }。请选择其他报价或修改数量。
error-unavailable = 兑换服务目前没有响应。您的选择已保留：请稍后重试。
exchange-unavailable = ⚠️ 兑换服务目前不可用，因此我无法报价或创建兑换。请稍后再试；您已创建的兑换订单可在 /history 中查看。
error-rate-limited = 兑换服务繁忙。您的选择已保留：请在 { $seconds } 秒后重试。
error-queue-full = ⏳ 您已有 { $count ->
       *[other] { $count } 个询价请求
    }正在排队等待兑换服务。您的选择已保留：请在大约 { $seconds } 秒后、第一个结果返回后重试。
error-refused = 兑换服务拒绝了此请求：{ $reason }
error-refused-plain = 兑换服务拒绝了此请求。
error-forbidden = 兑换服务目前拒绝本机器人访问此请求。您的选择已保留：请稍后再试；如果问题持续，请联系我们的客服。

flow-ask-address = 请发送您在 <b>{ $network }</b> 网络上用于接收币的 <b>{ $currency }</b> 地址。
    请从钱包中复制地址，并仔细核对网络。
address-empty = 请以文字形式发送地址。
address-too-long = 作为 { $network } 网络上的地址，这段内容太长了。请检查。
address-whitespace = 地址中不含空格或换行。请只发送地址本身。
address-unprintable = 这段文字包含隐藏或异常字符，真实的地址不会有这些字符。请重新复制地址。
address-invalid-format = 这不是有效的 { $network } 网络地址。请确认它属于该网络，然后重新复制。
address-burn-address = 这是一个销毁地址：发送到这里的资产任何人都永远无法使用，您的币将会丢失。请发送您自己的钱包地址。
address-token-contract = 这是 { $token } 的代币合约地址，不是钱包地址：发送到代币合约的币将永久丢失。请发送您自己的钱包地址（钱包的“接收”页面会显示）。
flow-address-unchecked = ⚠️ 我无法校验 { $network } 网络上的地址：输错的地址也会被接受。请从钱包中复制地址，并在确认前逐个字符核对。

flow-ask-memo =
    ⚠️ <b>{ $network } 网络上的 { $currency } 需要 Memo（备注 / 目标标签）</b>。
    交易所和托管钱包依靠它把资金入账到您的账户：<b>没有正确的 Memo，您的资金可能会丢失。</b>

    请输入钱包显示的 Memo；如果您自己的钱包确实不需要，请点击下方按钮。
flow-no-memo = 我的钱包不需要 Memo
flow-no-memo-sure = 您确定吗？只有当收款钱包是您自己的、并且不需要 Memo 时，才可以不填 Memo 发送。在 { $network } 网络上，交易所和托管钱包<b>始终</b>需要 Memo。
flow-no-memo-yes = 是的，不填 Memo 发送
flow-no-memo-back = 不，我来输入 Memo
flow-type-memo = 请输入 Memo。
memo-too-long = 这个 Memo 对 { $network } 网络来说太长了。请检查。
memo-unprintable = 这个 Memo 包含隐藏或异常字符。请重新复制。
memo-invalid-format = 这不是有效的 { $network } 网络 Memo。请检查。
memo-encrypted = 在 { $network } 网络上，以 # 开头的 Memo 会被加密发送，接收方交易所将无法读取。请输入不带 # 的 Memo。

summary-title = <b>请仔细核对所有信息</b>
summary-send = 发送：<b>{ $amount } { $currency }</b>
summary-receive = 预计收到：<b>{ $amount } { $currency }</b>
summary-rate = 汇率：1 { $base } = { $rate } { $quote }
summary-provider = 服务商：{ $provider }（{ $type }）
summary-address = 收款地址（{ $network }）：<code>{ $address }</code>
summary-address-compare = ⚠️ 我无法校验该网络上的地址：请将上面的地址与钱包中的地址逐个字符核对。
summary-memo = Memo：<code>{ $memo }</code>
summary-no-memo = Memo：无（您已确认钱包不需要 Memo）
button-confirm = ✅ 确认
button-change = ✏️ 修改
button-cancel = ✖️ 取消
flow-change-what = 您要修改哪一项？
change-from = 发送币种
change-to = 接收币种
change-amount = 数量
change-offer = 报价
change-address = 地址
change-memo = Memo
flow-offer-gone = ⚠️ { $provider } 已不再提供此兑换。请选择其他报价。
flow-quote-changed = ⚠️ 自您查看以来报价已变化：您现在预计收到 <b>{ $receive } { $currency }</b>，而不是 { $was }。以下是新的数据：如果您接受，请再次确认。
flow-quote-limits-changed = ⚠️ 该报价的限额已变化，您的数量已不在范围内。请重新选择报价。
flow-create-unknown = ⚠️ 我无法确认您的兑换是否已创建：我已发送请求，但兑换服务没有给出明确答复，因此兑换订单<b>可能</b>已经创建。我没有该订单的充值地址：在看到我发给您的充值地址之前，<b>请不要发送任何资金</b>。我不会自动重试这个请求；如需重试，请发送 /exchange 重新开始。供客服查询的参考编号：<code>{ $reference }</code>，{ $time }。
flow-create-in-flight = ⏳ 您的兑换可能正在创建中：创建请求已送达兑换服务，但答复尚未返回。充值信息或服务的拒绝结果一经确定就会发到这里，您无需再次确认。在看到我发给您的充值地址之前，<b>请不要发送任何资金</b>。供客服查询的参考编号：<code>{ $reference }</code>，{ $time }。
create-refused-later = ❌ 兑换服务拒绝了您确认的兑换：该兑换<b>未</b>创建，也没有任何充值地址在等待您的币，因此请不要为它发送任何资金。如需重试，请发送 /exchange 重新开始。供客服查询的参考编号：<code>{ $reference }</code>，{ $time }。

created-title = ✅ <b>兑换订单已创建</b>
created-send = 请通过 <b>{ $network }</b> 网络，向以下地址准确发送 <code>{ $amount }</code> <b>{ $currency }</b>（准确数量，未经四舍五入：点击即可复制）：
created-memo = ⚠️ <b>必须填写此 Memo，否则您的充值可能丢失：</b><code>{ $memo }</code>
created-tracking = 每次状态变化，我都会通知您。
created-repeat = 🔁 以防上一条消息没有送达，我再发一次（它也可能已经送达）。信息完全相同；资金只需发送一次。
# A status message sent again after a send that may have arrived (it comes first, on a line of its own).
notice-repeat = 🔁 以防上一条消息没有送达，我再发一次（它也可能已经送达）。
created-qr = { $currency } 充值地址的二维码

## Statuses, cards and the tracker's messages

status-waiting = ⏳ 等待您充值
status-confirming = 🔎 充值确认中
status-exchanging = 🔄 兑换中
status-sending = 📤 正在发送到您的地址
status-finished = ✅ 已完成
status-failed = ❌ 失败
status-refunded = ↩️ 已退款
status-overdue = ⌛ 已过期：未按时充值
status-unknown = ❔ { $status }
card-title = 🔁 兑换订单 <code>{ $id }</code>
card-pair = { $amount } { $from } → 约 { $receive } { $to }
card-status = 状态：<b>{ $status }</b>
card-to = 收款地址：<code>{ $address }</code>
card-to-memo = Memo：<code>{ $memo }</code>
card-provider = 服务商：{ $provider }（{ $type }）
card-refund = 已退款至：<code>{ $address }</code>
card-hash-from = 您的充值：{ $link }
card-hash-to = 到账交易：{ $link }
card-hash-refund = 退款交易：{ $link }
card-not-tracked = 我已不再自动跟踪此兑换；点击“刷新”查看其状态。
card-updated = <i>更新于 { $time }</i>
slow-title = ⏳ <b>比平常慢</b> · 兑换 <code>{ $id }</code>
slow-confirming = 您充值的 { $sent } { $from } 已到账，正在等待 { $network } 网络的确认，通常需要约 { $minutes } 分钟。网络拥堵时会更久：这很正常，您的资金没有丢失。
slow-exchanging = { $provider } 正在将您的 { $from } 兑换为 { $to }，通常需要约 { $minutes } 分钟。服务商有时会在兑换前审核充值：会更久，但您的资金没有丢失。
slow-sending = { $provider } 正在将约 { $receive } { $to } 发送至 <code>{ $address }</code>，通常需要约 { $minutes } 分钟。{ $network } 网络可能较为拥堵。
slow-follow = 您在链上的充值：{ $link }
slow-what-to-do = 目前无需任何操作：我会继续跟踪，有进展时通知您。如果 { $later } 分钟后仍无变化，请凭兑换 ID 寻求帮助：点击卡片上的 { $button } 并发送那条消息。
card-late = ⚠️ 比平常慢：自 { $since } 起为“{ $status }”。
change-title = <b>{ $status }</b> · 兑换订单 <code>{ $id }</code>
change-waiting = 此兑换正在等待您充值 { $sent } { $from }。
change-confirming = 您充值的 { $sent } { $from } 已到账，正在确认中。
change-exchanging = 您的 { $from } 正在兑换为 { $to }。
change-sending = 约 { $receive } { $to } 正在发送至 <code>{ $address }</code>。
change-finished = 已完成：{ $receive } { $to } 已发送至 <code>{ $address }</code>。
change-failed = 兑换失败。请联系客服并提供兑换订单号 <code>{ $id }</code>：将此消息转发给我们，或联系 { $provider } 的客服。
change-refunded = 您的充值已退回。
change-refund-address = 退款已发送至 <code>{ $refund }</code>。
received-vs-quote = { $direction ->
   *[less] 实际收到：{ $received } { $to }；报价约为 { $quoted }：少了 { $percent }。
    [more] 实际收到：{ $received } { $to }；报价约为 { $quoted }：多了 { $percent }。
    [same] 实际收到：{ $received } { $to }，与报价一致。
}
change-overdue = 未在规定时间内收到充值，此兑换已过期。现在请不要再向其充值地址发送任何资金；请发送 /exchange 开始新的兑换。
change-unknown = 兑换服务报告了一个我不认识的状态。我会继续查询，状态变化时通知您。
history-page = 第 { $page } 页，共 { $pages } 页
status-not-found = 在您的兑换中找不到此订单号。请检查订单号，或查看 /history。
status-usage = 请在命令后附上兑换订单号，例如：<code>/status exolix-floating-abc123</code>
refresh-cooldown = 刚刚已刷新。请在 { $seconds } 秒后再试。
refresh-failed = 无法连接兑换服务；以下是我目前掌握的信息。
support-lookup-queue-full = ⏳ 您已有 { $count ->
       *[other] { $count } 个请求
    }正在排队等待兑换服务，因此以下是我已掌握的信息，而非实时状态。请在大约 { $seconds } 秒后再查询。
refresh-queue-full = ⏳ 您已有 { $count ->
       *[other] { $count } 个请求
    }正在排队等待兑换服务，因此此卡片未刷新。请在大约 { $seconds } 秒后再次点击“刷新”。
button-funds-sent = 📨 我已发送资金
funds-sent-thanks = 谢谢！在接下来的 { $minutes } 分钟内，我会{ $seconds ->
        [60] 每分钟
       *[other] 每 { $seconds } 秒
    }查询一次您的充值，到账后立即通知您。

## Support staff

support-lookup-unknown = 本机器人和兑换服务中都没有此订单号的兑换。请粘贴订单号，或请客户提供其“🧾 客服凭证”消息（切勿索要订单卡片：卡片可能显示客户的防钓鱼短语）。
support-user-unknown = 没有这个用户。请发送其 Telegram id 或 @username。
support-user-title = <b>用户 { $id }</b>（@{ $username }，语言 { $language }）：{ $count } 笔兑换，最新的在前：
support-lookup-owner = 创建者：用户 <code>{ $id }</code>（@{ $username }，语言 { $language }）
support-lookup-created = 创建于 { $time } UTC
support-lookup-tracked = 跟踪中：下次查询于 { $time } UTC
support-lookup-not-tracked = 已停止跟踪
support-lookup-history = <b>状态历史</b>（UTC）：
support-stats =
    <b>统计</b>
    用户：{ $users }
    各状态兑换数：{ $exchanges }
    过去一小时的上游调用：创建 { $create }，用户 { $user }，轮询 { $poll }，目录 { $catalogue }，汇率提醒 { $alert }
    服务返回的 429：{ $limited }
    跟踪器：跟踪中 { $tracked }，当前到期 { $due }

## Quotes in groups and inline mode

rate-usage = 用法：<code>/rate 0.5 btc usdt</code> · 指定网络：<code>usdt-trx</code> 或 <code>usdt trx</code>
rate-admins-only = 在本群中，只有管理员可以询价。
rate-main-network = { $symbol } 使用其主网络 { $network }
rate-pair-invalid = 该交易对无法兑换。
rate-below-minimum = 数量低于该交易对的最低数量。
rate-forbidden = 兑换服务目前不向本机器人提供该交易对的报价（无访问权限）。请过一段时间再试。
rate-slow-down = ⏳ 您在过去一分钟内请求了多次新报价：兑换服务对所有人每分钟只允许少量调用。请等待 { $seconds } 秒后再询价（您刚询过的数量，或与之相差 1% 以内的数量，会立即得到回复）。
rate-queue-full = ⏳ 您已有 { $count ->
       *[other] { $count } 个询价请求
    }正在排队等待兑换服务。第一个结果大约在 { $seconds } 秒后返回：请在那之后再询价。
rate-offer-line = { $rank }. <b>{ $provider }</b>：{ $receive } { $to }{ $versus } · { $type }
rate-offer-out-of-limits = { $rank }. <b>{ $provider }</b>：该数量超出其限额（{ $min } – { $max } { $from }）
rate-out-of-limits-short = 超出限额
rate-offer-title = { $estimated ->
        [yes] { $provider }：≈ { $receive } { $currency }
       *[no] { $provider }：{ $receive } { $currency }
    }
rate-estimated = <i>≈ 根据 { $amount } { $from } 的报价估算：按此确切数量计算的结果可能略有不同。</i>
rate-limits = 最优报价的限额：{ $min } – { $max } { $from }
rate-time = <i>报价时间 { $time }</i>
rate-exchange-button = 🔄 在私聊中兑换
settings-title = <b>群组设置</b>：谁可以询价，以及我在本群回复所用的语言。
settings-admins-only = 只有群管理员可以更改这些设置。
settings-everyone = 所有人
settings-admins = 仅管理员
inline-summary-title = { $amount } { $from } → { $to }
inline-hint-title = 输入数量和两个币种
inline-unavailable-title = 兑换服务目前不可用
inline-slow-down-title = 新报价请求过多：请等待 { $seconds } 秒
inline-hint-description = 例如：0.5 btc usdt
command-status = 按订单号查询兑换状态
command-rate = 询价：/rate 0.5 btc usdt
command-settings = 群组设置（管理员）
command-lookup = 客服：查询兑换
command-user = 客服：用户的兑换
command-stats = 客服：统计
command-late = 客服：比平常慢的兑换
support-lookup-foreign = <i>并非通过本机器人创建：仅显示兑换服务提供的信息。</i>

## deposit details
deposit-missing-address = ⚠️ <b>兑换服务尚未提供充值地址。</b>在我于此处显示地址之前，请不要发送任何资金。
deposit-missing-memo = ⚠️ <b>兑换服务尚未提供充值 Memo。</b>在 { $network } 网络上，缺少 Memo 的充值可能丢失，因此我暂不显示地址：在我同时显示两者之前，请不要发送任何资金。
deposit-incomplete-choices = 点击<b>重试</b>再次向兑换服务请求，或点击<b>离开</b>：兑换订单会保留在 /history 中，充值信息就绪后我会通知您。
deposit-ready = 📬 兑换订单 <code>{ $id }</code> 的充值信息已就绪。请严格按照下方信息发送。
button-leave = 离开
created-qr-memo = { $currency } 充值地址的二维码。二维码中不含 Memo：请自行填写 Memo <code>{ $memo }</code>，否则您的充值可能丢失。

## create outcomes
history-unconfirmed = ⚠️ <b>未确认</b>：对于这些请求，兑换服务可能已经创建了兑换订单，但从未把订单号告诉我，因此我无法在这里显示或跟踪它们。我从未为它们向您提供充值地址：请不要为它们发送任何资金。如有任何问题，请将此消息转发给我们。
history-unconfirmed-line = • { $time }，参考编号 <code>{ $reference }</code>
support-request-title = <b>创建请求</b> <code>{ $reference }</code>
support-request-unknown = ⚠️ <b>结果未知</b>：请求可能已到达兑换服务，但没有任何回复说明是否创建了兑换订单。机器人没有它的订单号，因此未跟踪，客户也没有看到任何充值地址。
support-request-in-flight = ⏳ <b>尚无回复</b>：请求可能仍在途中（发出不到 { $minutes } 分钟）。
support-request-failed = ❌ <b>已拒绝</b>：兑换服务拒绝了请求，未创建任何订单。
support-request-created = ✅ <b>已创建</b>：兑换订单 <code>{ $id }</code>。
support-request-reason = 最后一次回复：{ $reason }
support-request-owner = 请求者：用户 <code>{ $id }</code>（@{ $username }，语言 { $language }）
support-request-at = 请求时间 { $time } UTC
support-request-no-details = 此请求发生在机器人开始保存每个请求的内容之前：带有此参考编号的日志行 "createTransaction failed" 中包含交易对、数量、服务商和地址。
support-request-asked = 请求内容：{ $amount } { $from } → { $to }，服务商 { $provider }（{ $type }）
support-stats-unknown = 结果未知的创建请求（可能存在兑换订单，但无订单号）：{ $count }
support-late-none = 没有比平常慢的兑换。
support-late-title = <b>比平常慢</b>（{ $count }），最久的在前：
support-late-line = • <code>{ $id }</code> · 自 { $since } UTC 起为“{ $status }” · { $provider }
support-stats-exchange-ok = 兑换服务：可用
support-stats-exchange-down = ⚠️ 兑换服务：自 { $since } UTC 起<b>不可用</b>（{ $reason }）：{ $detail }

## tracker: never silent
tracking-stopped-not-found = ⚠️ <b>我已停止跟踪兑换订单</b> <code>{ $id }</code>：兑换服务一直回复找不到该订单。
tracking-stopped-stalled = ⚠️ <b>我已停止跟踪兑换订单</b> <code>{ $id }</code>：自 { $since } 起，它一直显示“{ $status }”。
tracking-stopped-what-to-do = 我停止跟踪并不意味着您的资金丢失。如果您已经充值，或仍在等待到账，请联系 { $provider } 的客服，并提供兑换订单号 <code>{ $id }</code>。兑换卡片上的“刷新”仍可显示其状态。
card-tracking-stopped = ⚠️ 我已于 { $time } 停止跟踪此兑换：{ $reason }。如果您的资金尚未到账，请凭兑换订单号联系 { $provider } 的客服。点击“刷新”查看其状态。
tracking-reason-not-found = 兑换服务找不到该订单
tracking-reason-stalled = 其状态已停止变化
tracking-reason-unknown = 未记录原因
support-lookup-stopped = 自 { $time } UTC 起停止跟踪：{ $reason }

## Anti-phishing: /phrase, /verify
deposit-phrase =
    🔐 您的防钓鱼短语：<b>{ $phrase }</b>
    请勿转发此消息，也不要向任何人（包括客服）展示该短语：如需联系客服，请点击 🧾 客服凭证。
phrase-none =
    您还没有设置防钓鱼短语。

    发送 <code>/phrase 您自己的词语</code> 进行设置。此后，我发出的每条告诉您往哪里发币的消息都会包含它。冒充我的机器人无法知道这个短语：凡是没有显示您的短语的充值地址，都不是我发的。
phrase-current =
    您的防钓鱼短语是 <b>{ $phrase }</b>。我发出的每条告诉您往哪里发币的消息都会包含它。

    发送 <code>/phrase 新的词语</code> 可修改，发送 <code>/phrase off</code> 可删除。
phrase-set = ✅ 已保存。从现在起，每条显示充值地址的消息都会包含 <b>{ $phrase }</b>。我已删除您的消息，以免短语留在聊天记录中。切勿转发显示该短语的消息，也不要告诉任何人：客服从不索要它。如需联系客服，请点击兑换卡片上的 🧾 客服凭证，并转发那条消息：它绝不会包含您的短语。
phrase-removed = 您的防钓鱼短语已删除。
phrase-invalid = 短语长度须为 { $min } 至 { $max } 个字符，且不能以“/”开头。请重试：<code>/phrase 您自己的词语</code>。
verify-usage = 发送 <code>/verify @用户名</code> 可核实某个账号是否为本机器人或我们的客服。
verify-bot = ✅ @{ $name } 就是本机器人：Telegram 刚刚已确认。
verify-staff = ✅ @{ $name } 是我们的客服人员：Telegram 刚刚已根据其账号确认。
verify-unknown = ⚠️ @{ $name } <b>不是</b>本机器人，也<b>不是</b>我们的客服。请勿向其发送任何币、私钥或助记词。
verify-unavailable = 我暂时无法向 Telegram 查询，因此无法确认任何账号。请一分钟后重试；在此之前，请不要相信任何主动联系您的账号。
verify-reminder = 我们的客服从不主动联系您，也从不索要私钥、密码或助记词。
command-phrase = 防钓鱼短语
command-verify = 核实账号是否为本机器人或客服

## Card: for support, swap again
button-receipt = 🧾 客服凭证
button-swap-again = 🔁 再次兑换
receipt-title = 🧾 <b>客服凭证</b> · 兑换订单 { $id }
receipt-provider = 服务商：{ $provider }（{ $type }）
receipt-created = 创建时间：{ $time }
receipt-amounts = 已发送：{ $sent } { $from } → 已收到：{ $receive } { $to }
receipt-quoted = 确认时的报价：约 { $quoted } { $to }
receipt-deposit = 充值地址（供客服记录，不是付款地址）：{ $address } · Memo：{ $memo }
receipt-deposit-none = 充值地址：尚不完整（不显示）
receipt-to = 收款地址：{ $address } · Memo：{ $memo }
receipt-refund = 退款地址：{ $address }
receipt-hashes = 充值哈希：{ $hashIn } · 到账哈希：{ $hashOut }
receipt-status = 状态：{ $status }（{ $raw }）
receipt-history = 状态历史：
receipt-tracking-stopped = 于 { $time } 停止跟踪：{ $reason }
receipt-footer = 请将此消息转发给客服：其中包含客服所需的全部信息，且不含任何机密。它绝不会包含您的防钓鱼短语：切勿转发包含该短语的消息。客服从不主动联系您。

## Export
export-empty = 您还没有可导出的兑换记录。发送 /exchange 开始兑换。
export-caption = 📄 您的 { $count ->
   *[other] { $count } 笔兑换记录
}（CSV 文件，时间为 UTC），可用于个人记账或报税工具。
command-export = 将兑换记录导出为 CSV 文件

## Address book
button-save-address = 💾 保存此收款地址
addresses-ask-label = 要给这个地址起什么名称？请发送一个简短的名称（最多 { $max } 个字符），例如 <i>Ledger</i> 或 <i>交易所账户</i>。
addresses-ask-rename = <b>{ $label }</b> 的新名称（最多 { $max } 个字符）：
addresses-label-invalid = 名称须为 1 至 { $max } 个字符，且只占一行。请重新发送，或发送任意命令放弃。
addresses-saved = 📒 已保存为 <b>{ $label }</b>。在输入 { $network } 网络地址的步骤中，它会显示为一个按钮。
addresses-renamed = ✅ 已重命名为 <b>{ $label }</b>。
addresses-already = 该地址已在您的地址簿中，名称为 { $label }。
addresses-full = 您的地址簿已满（{ $max } 个地址）。请先在 /addresses 中删除一个。
addresses-empty = 您的地址簿是空的。兑换成功后，我会询问是否保存其收款地址。
addresses-title = <b>📒 您的地址</b>
addresses-memo = Memo <code>{ $memo }</code>
addresses-footer = 点击 ✏️ 重命名，点击 🗑 删除。
addresses-deleted = 已删除。
flow-address-book-hint = 或点击您保存的地址之一：
address-saved-invalid = 已保存的地址 <b>{ $label }</b> 已不再是有效的 { $network } 地址。请直接输入地址。
command-addresses = 已保存的地址

## Rate alerts
alert-usage =
    设置汇率提醒：<code>/alert 0.5 btc eth 17.2</code> 会在 0.5 BTC 能换到至少 17.2 ETH 时通知您。
    网络写法同 /rate：<code>usdt-trx</code> 或 <code>usdt trx</code>。您的提醒：/alerts。
alert-created = 🔔 当 { $amount } { $from } 能换到至少 <b>{ $target } { $to }</b> 时，我会通知您。我最多每 { $minutes } 分钟查询一次，且仅在兑换服务处理完报价和兑换后仍有余量时查询（繁忙时查询会更少）；该提醒将在 { $days } 天后结束。您的提醒：/alerts。
alert-too-many = 您已有 { $max } 个提醒，这是每人的上限。请先在 /alerts 中删除一个。
alert-reached = 🔔 <b>汇率提醒</b>：{ $amount } { $from } 现在可换到 <b>{ $receive } { $to }</b>（最优报价，{ $provider }），已达到您设定的至少 { $target }。此提醒已结束；新的报价可能略有不同。
alert-exchange-button = 🔄 立即兑换
alert-expired = ⌛ 您的汇率提醒（{ $amount } { $from } → 至少 { $target } { $to }）已在 { $days } 天后结束，期间未达到目标。
alerts-empty = 您还没有汇率提醒。发送 <code>/alert 0.5 btc eth 17.2</code> 设置一个。
alerts-title = <b>🔔 您的汇率提醒</b>
alerts-line = { $n }. { $amount } { $from } → 至少 { $target } { $to } · 有效期至 { $until }
alerts-removed = 提醒已删除。
flow-alert-button = 🔔 设置汇率提醒…
flow-alert-ask = { $amount } { $from } 至少要换到多少 { $to }？请发送数量，例如 <code>{ $example }</code>。
command-alert = 汇率提醒：/alert 0.5 btc eth 17.2
command-alerts = 您的汇率提醒

## Deposit card: copy buttons (the app copies exactly what the card shows)
button-copy-amount = 📋 准确数量
button-copy-address = 📋 充值地址
button-copy-memo = 📋 Memo

# Issue 32: how long a quote holds, and the next best offer after a refusal.
summary-quote-holds = ⏱ 此报价有效期为 { $seconds } 秒：超时后点击“确认”，我会先重新核对报价，核对完成前不会创建任何订单。
summary-floating-means = 浮动汇率：在您的币兑换完成之前，实际收到的数量会随市场变动，最终可能略多或略少。
summary-fixed-means = 固定汇率：只要您按时准确发送上方的数量，服务商承诺您将收到所示数量。
flow-next-best = { $refused } 无法完成此兑换。下方是来自 <b>{ $provider }</b> 的下一个最优报价：请核对，合适的话再确认。
flow-next-best-waiting = ⏳ 正在为您寻找下一个最优报价。
flow-next-best-done = ✅ 报价已到。点击下方按钮查看下一个最优报价。
flow-next-best-wait = ⏳ 仍在寻找：报价一到，这里就会出现一个按钮。
button-see-offer = 👀 查看报价
