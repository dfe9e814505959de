# Keys are prefixed by feature. Every value that comes from a person or the service is
# HTML-escaped before it is passed in.

## Start, menu, help, language

start-welcome =
    👋 <b>Chào mừng bạn, { $name }!</b>

    Tôi hoán đổi tiền mã hóa qua một nền tảng tổng hợp (aggregator): tôi so sánh báo giá của nhiều nhà cung cấp, bạn chọn một, và tôi cho bạn biết cần gửi coin đến đâu. Không cần đăng ký.

    Nhấn <b>Hoán đổi</b> để bắt đầu, hoặc gõ /exchange.

    🛡 Bộ phận hỗ trợ của chúng tôi không bao giờ nhắn tin trước và không bao giờ hỏi khóa hay cụm từ khôi phục (seed phrase): hãy kiểm tra mọi tài khoản bằng /verify @tên.
menu-exchange = 🔄 Hoán đổi
menu-history = 📜 Giao dịch của tôi
menu-language = 🌐 Ngôn ngữ
menu-help = ❓ Trợ giúp
help-text =
    <b>Cách hoạt động</b>
    1. Chọn coin muốn gửi và coin muốn nhận (mỗi coin trên một mạng cụ thể).
    2. Nhập số lượng và so sánh các báo giá.
    3. Nhập địa chỉ nhận của bạn (và memo, nếu mạng yêu cầu).
    4. Xác nhận: tôi tạo giao dịch đổi và hiển thị địa chỉ nạp.
    5. Gửi chính xác số lượng được hiển thị. Tôi sẽ báo cho bạn mỗi khi trạng thái thay đổi.

    /exchange — bắt đầu một giao dịch đổi
    /history — các giao dịch của bạn
    /export — các giao dịch của bạn dưới dạng tệp CSV
    /addresses — các địa chỉ nhận bạn đã lưu
    /alert 0.5 btc eth 17.2 — báo cho bạn khi 0.5 BTC đổi được ít nhất 17.2 ETH; /alerts liệt kê các cảnh báo
    /cancel — thoát khỏi giao dịch đổi đang thiết lập
    /language — thay đổi ngôn ngữ

    <b>An toàn</b>
    /phrase — đặt cụm từ chống lừa đảo: mọi tin nhắn của tôi cho biết nơi gửi coin đều kèm cụm từ này, còn bot giả mạo bắt chước tin nhắn của tôi thì không thể có nó.
    /verify @tên — kiểm tra một tài khoản có phải là bot này hay bộ phận hỗ trợ của chúng tôi không. Bộ phận hỗ trợ không bao giờ nhắn tin trước và không bao giờ hỏi khóa hay cụm từ khôi phục.
language-pick = Chọn ngôn ngữ của bạn:
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
language-changed = ✅ Đã chuyển ngôn ngữ sang Tiếng Việt.
cancel-nothing = Không có gì để hủy. Gõ /exchange để bắt đầu một giao dịch đổi.
unknown-command = Tôi không biết lệnh này. Gõ /help để xem tôi có thể làm gì.
fallback-text = Gõ /exchange để bắt đầu một giao dịch đổi, hoặc /help để xem tôi có thể làm gì.
button-expired = Nút này đã hết hạn.
sandbox-notice = 🧪 <i>Môi trường thử nghiệm (sandbox): mọi thứ ở đây đều không thật, không có khoản tiền nào được chuyển.</i>

command-start = Menu chính
command-exchange = Bắt đầu giao dịch đổi
command-history = Giao dịch của tôi
command-cancel = Thoát giao dịch đổi đang thiết lập
command-language = Thay đổi ngôn ngữ
command-help = Cách hoạt động

## History

history-empty = Bạn chưa có giao dịch nào. Gõ /exchange để bắt đầu.
history-title = <b>Giao dịch của bạn</b>, mới nhất trước:
history-line = • { $amount } { $from } → { $to }: <b>{ $status }</b>
    <code>{ $id }</code>
history-button = { $n }. { $amount } { $from } → { $to }

## The exchange flow

flow-pick-from = Bạn muốn <b>gửi</b> coin nào?
flow-pick-to = Bạn gửi <b>{ $from }</b>. Bạn muốn <b>nhận</b> coin nào?
flow-pick-hint = Nhấn vào một coin, hoặc gõ ký hiệu hay tên của coin: <code>usdt</code>, <code>tether</code>, hoặc ký hiệu kèm mạng: <code>usdt trx</code>.
flow-pick-hint-recent = Nhấn vào một cặp bạn dùng gần đây hoặc một coin, hoặc gõ ký hiệu hay tên của coin (ví dụ <code>usdt</code>, <code>usdt trx</code>).
flow-pick-network = <b>{ $symbol }</b> ({ $name }) có trên nhiều mạng. Bạn chọn mạng nào?
flow-back-to-list = « Coin phổ biến
flow-matches = Các coin khớp với “{ $query }”:
flow-nothing-found = Tôi không tìm thấy coin nào có tên “{ $query }”.
flow-did-you-mean = Có phải ý bạn là một trong các coin này?
flow-same-currency = Không thể đổi { $currency } sang chính nó. Hãy chọn một coin khác để nhận.
flow-unknown-command = Lệnh này không dùng được ở đây. Gõ /cancel để thoát khỏi giao dịch đổi.
flow-text-expected = Vui lòng nhập câu trả lời hoặc nhấn một nút.
flow-step-again = Nhiều câu trả lời của bạn không phù hợp với bước này, nên tôi sẽ hỏi lại từ đầu. Những gì bạn chọn trước đó vẫn được giữ; /cancel để thoát khỏi giao dịch đổi.
flow-tap-a-button = Vui lòng nhấn một trong các nút ở trên.
flow-cancelled = Đã hủy giao dịch đổi. Các giao dịch bạn đã tạo trước đó có trong /history.
start-flow-closed = Tôi đã đóng giao dịch đổi bạn đang thiết lập; chưa có gì được tạo. Bắt đầu lại bằng /exchange; các giao dịch bạn đã tạo có trong /history.
start-flow-closed-created = Tôi đã đóng giao dịch đổi bạn đang thiết lập. Giao dịch <code>{ $id }</code> đã được tạo và vẫn mở: tôi sẽ nhắn cho bạn khi dịch vụ cung cấp thông tin nạp. Giao dịch này có trong /history.
flow-cancelled-created = Giao dịch <code>{ $id }</code> đã được tạo nên không bị hủy: bạn không mất gì nếu không gửi tiền vào giao dịch này. Tôi sẽ nhắn cho bạn khi dịch vụ cung cấp thông tin nạp; giao dịch này có trong /history.
flow-too-large = ⌛ Giao dịch đổi bạn đang thiết lập đã quá dài, vượt quá mức tôi có thể lưu (quá nhiều tin nhắn qua lại), nên tôi đã đóng nó. Gõ /exchange để bắt đầu lại; các giao dịch bạn đã tạo có trong /history.
flow-too-large-created = ⌛ Cuộc trò chuyện của chúng ta về giao dịch này đã dài quá mức tôi có thể lưu (quá nhiều tin nhắn qua lại), nên tôi đã đóng nó. Giao dịch <code>{ $id }</code> đã được tạo và vẫn mở: tôi sẽ nhắn cho bạn khi dịch vụ cung cấp thông tin nạp. Giao dịch này có trong /history.
flow-timeout = ⌛ Giao dịch đổi bạn đang thiết lập đã bị bỏ dở 30 phút, nên tôi đã đóng nó. Gõ /exchange để bắt đầu lại; các giao dịch bạn đã tạo có trong /history.
flow-timeout-created = ⌛ Cuộc trò chuyện này với tôi đã bị bỏ dở 30 phút, nên tôi đã đóng nó. Giao dịch <code>{ $id }</code> đã được tạo và vẫn mở: tôi sẽ nhắn cho bạn khi dịch vụ cung cấp thông tin nạp. Giao dịch này có trong /history.

flow-ask-amount = Bạn muốn gửi bao nhiêu <b>{ $from }</b>? Ví dụ <code>0.5</code>.
amount-empty = Vui lòng nhập số lượng, ví dụ <code>0.5</code>.
amount-not-a-number = Tôi không đọc được số này. Hãy nhập số lượng như <code>0.5</code> hoặc <code>1 000</code>.
amount-zero = Số lượng phải lớn hơn 0.
amount-negative = Số lượng không được là số âm.
amount-exponent = Vui lòng viết đầy đủ số lượng, không dùng số mũ (không viết kiểu <code>1e5</code>).
amount-too-many-decimals = Quá nhiều chữ số thập phân: tôi chỉ nhận tối đa { $decimals } chữ số sau dấu thập phân (dấu phẩy hoặc dấu chấm).
amount-too-large = Số lượng này quá lớn. Vui lòng kiểm tra và nhập lại.
amount-ambiguous = Tôi không rõ dấu phân cách trong <code>{ $input }</code> dùng để phân cách hàng nghìn hay để bắt đầu phần thập phân: cả hai cách viết đều phổ biến. Vui lòng viết số nguyên không có dấu phân cách (<code>1234</code>), hoặc số thập phân thêm một chữ số 0 ở cuối (<code>1,2340</code>).

queue-position = ⏳ Dịch vụ đổi đang bận: bạn đang ở vị trí thứ { $position } trong hàng chờ, còn khoảng { $seconds } giây.
create-rate-limited = ⏳ Dịch vụ đổi yêu cầu tôi chờ: giao dịch đổi của bạn chưa được tạo. Tôi sẽ thử lại sau khoảng { $seconds } giây.
flow-offers-loading = ⏳ Đang lấy báo giá cho { $amount } { $from } → { $to }…
flow-recheck-waiting = ⏳ Báo giá của bạn đã cũ hơn một phút: tôi đang kiểm tra lại báo giá trước khi tạo giao dịch đổi.
flow-recheck-done = ✅ Báo giá đã được kiểm tra lại. Nhấn Xác nhận để tiếp tục.
flow-recheck-wait = ⏳ Vẫn đang kiểm tra báo giá: tôi sẽ hiện nút Xác nhận ở đây ngay khi xong.
flow-offers-header = <b>{ $amount } { $from } → { $to }</b>
flow-quote-age = Báo giá, tốt nhất trước · lấy lúc { $time } ({ $seconds } giây trước)
flow-offer-line = { $rank }. <b>{ $provider }</b>: { $receive } { $to }{ $versus } · { $type }
    {"    "}giới hạn: { $min } – { $max } { $from }
rate-floating = tỷ giá thả nổi
rate-fixed = tỷ giá cố định
limit-none = không giới hạn tối đa
offer-versus-best = ({ $percent })
flow-offer-button = { $provider } · { $receive } { $currency }
tag-recommended = ⭐ Đề xuất
tag-ai-best-rate = 🤖 Tỷ giá tốt nhất theo AI
tag-best-rate = 💰 Tỷ giá tốt nhất
tag-best-in-kyc = 🛡 Ít xác minh danh tính (KYC) nhất
button-refresh = 🔄 Làm mới
button-retry = 🔁 Thử lại
flow-change-amount = ✏️ Sửa số lượng
flow-change-from = Chọn lại coin gửi
flow-change-to = Chọn lại coin nhận
flow-pair-invalid = Không thể đổi cặp này: { $from } → { $to }. Vui lòng chọn coin khác.
flow-below-minimum = { $amount } { $from } thấp hơn mức tối thiểu mà các nhà cung cấp chấp nhận cho cặp này. Vui lòng nhập số lượng lớn hơn.
flow-no-offers = Hiện không có nhà cung cấp nào báo giá cho { $from } → { $to }. Hãy thử số lượng khác hoặc cặp khác.
flow-offer-out-of-limits = { $provider } chấp nhận từ { $min } đến { $max } { $currency }; bạn đã nhập { $amount }. Hãy chọn báo giá khác hoặc sửa số lượng.
error-unavailable = Dịch vụ đổi hiện không phản hồi. Các lựa chọn của bạn vẫn được giữ: hãy thử lại sau giây lát.
exchange-unavailable = ⚠️ Dịch vụ đổi hiện không khả dụng, nên tôi không thể báo giá hay tạo giao dịch đổi. Vui lòng thử lại sau; các giao dịch bạn đã tạo có trong /history.
error-rate-limited = Dịch vụ đổi đang bận. Các lựa chọn của bạn vẫn được giữ: hãy thử lại sau { $seconds } giây.
error-queue-full = ⏳ Bạn đã có { $count ->
       *[other] { $count } yêu cầu báo giá
    } đang chờ trong hàng đợi của dịch vụ đổi. Các lựa chọn của bạn vẫn được giữ: hãy thử lại sau khoảng { $seconds } giây, khi yêu cầu đầu tiên đã có kết quả.
error-refused = Dịch vụ đổi đã từ chối yêu cầu này: { $reason }
error-refused-plain = Dịch vụ đổi đã từ chối yêu cầu này.
error-forbidden = Hiện dịch vụ đổi không cho bot này truy cập yêu cầu này. Các lựa chọn của bạn vẫn được giữ: hãy thử lại sau, và nếu vẫn xảy ra, hãy báo cho bộ phận hỗ trợ của chúng tôi.

flow-ask-address = Gửi địa chỉ <b>{ $currency }</b> trên mạng <b>{ $network }</b> mà bạn muốn nhận coin.
    Hãy sao chép địa chỉ từ ví của bạn; kiểm tra kỹ mạng.
address-empty = Vui lòng gửi địa chỉ dưới dạng văn bản.
address-too-long = Nội dung này quá dài so với một địa chỉ trên mạng { $network }. Vui lòng kiểm tra lại.
address-whitespace = Địa chỉ không chứa dấu cách hay dấu xuống dòng. Vui lòng chỉ gửi địa chỉ.
address-unprintable = Văn bản này chứa ký tự ẩn hoặc bất thường; địa chỉ thật không bao giờ có những ký tự đó. Vui lòng sao chép lại địa chỉ.
address-invalid-format = Đây không phải là địa chỉ hợp lệ trên mạng { $network }. Vui lòng kiểm tra địa chỉ có đúng cho mạng này không và sao chép lại.
address-burn-address = Đây là địa chỉ đốt (burn address): không ai có thể sử dụng số coin được gửi đến đó, nên coin của bạn sẽ bị mất. Vui lòng gửi địa chỉ ví của chính bạn.
address-token-contract = Đây là hợp đồng token { $token }, không phải ví: coin gửi đến hợp đồng token sẽ bị mất vĩnh viễn. Vui lòng gửi địa chỉ ví của chính bạn (ví của bạn hiển thị địa chỉ này ở mục “Nhận”).
flow-address-unchecked = ⚠️ Tôi không thể kiểm tra địa chỉ trên mạng { $network }: một địa chỉ gõ sai vẫn sẽ được chấp nhận. Hãy sao chép địa chỉ từ ví của bạn, và so sánh từng ký tự trước khi xác nhận.

flow-ask-memo =
    ⚠️ <b>Mạng { $network } cần memo (destination tag)</b> cho { $currency }.
    Sàn giao dịch và ví lưu ký dùng memo để ghi có vào tài khoản của bạn: <b>nếu không có đúng memo, tiền của bạn có thể bị mất.</b>

    Hãy nhập memo mà ví của bạn hiển thị, hoặc nhấn nút bên dưới nếu ví của chính bạn thực sự không cần memo.
flow-no-memo = Ví của tôi không cần memo
flow-no-memo-sure = Bạn có chắc không? Chỉ gửi không kèm memo khi ví nhận là ví của chính bạn và không cần memo. Sàn giao dịch và ví lưu ký trên mạng { $network } <b>luôn luôn</b> cần memo.
flow-no-memo-yes = Có, gửi không kèm memo
flow-no-memo-back = Không, tôi sẽ nhập memo
flow-type-memo = Vui lòng nhập memo.
memo-too-long = Memo này quá dài đối với mạng { $network }. Vui lòng kiểm tra lại.
memo-unprintable = Memo này chứa ký tự ẩn hoặc bất thường. Vui lòng sao chép lại.
memo-invalid-format = Đây không phải là memo hợp lệ cho mạng { $network }. Vui lòng kiểm tra lại.
memo-encrypted = Trên mạng { $network }, memo bắt đầu bằng # sẽ được gửi ở dạng mã hóa, và sàn nhận sẽ không đọc được. Vui lòng nhập memo không có dấu #.

summary-title = <b>Vui lòng kiểm tra kỹ mọi thông tin</b>
summary-send = Gửi: <b>{ $amount } { $currency }</b>
summary-receive = Nhận khoảng: <b>{ $amount } { $currency }</b>
summary-rate = Tỷ giá: 1 { $base } = { $rate } { $quote }
summary-provider = Nhà cung cấp: { $provider } ({ $type })
summary-address = Đến địa chỉ ({ $network }): <code>{ $address }</code>
summary-address-compare = ⚠️ Tôi không thể kiểm tra địa chỉ trên mạng này: hãy so sánh từng ký tự của địa chỉ ở trên với địa chỉ trong ví của bạn.
summary-memo = Memo: <code>{ $memo }</code>
summary-no-memo = Memo: không có (bạn đã xác nhận ví của bạn không cần memo)
button-confirm = ✅ Xác nhận
button-change = ✏️ Sửa
button-cancel = ✖️ Hủy
flow-change-what = Bạn muốn sửa mục nào?
change-from = Coin gửi
change-to = Coin nhận
change-amount = Số lượng
change-offer = Báo giá
change-address = Địa chỉ
change-memo = Memo
flow-offer-gone = ⚠️ { $provider } không còn cung cấp giao dịch đổi này. Vui lòng chọn báo giá khác.
flow-quote-changed = ⚠️ Báo giá đã thay đổi kể từ lúc bạn xem: bây giờ bạn sẽ nhận khoảng <b>{ $receive } { $currency }</b> thay vì { $was }. Đây là các số liệu mới: hãy xác nhận lại nếu bạn đồng ý.
flow-quote-limits-changed = ⚠️ Giới hạn của báo giá đã thay đổi và số lượng của bạn không còn nằm trong giới hạn. Vui lòng chọn lại báo giá.
flow-create-unknown = ⚠️ Tôi không thể xác nhận giao dịch đổi của bạn đã được tạo hay chưa: tôi đã gửi yêu cầu, nhưng dịch vụ đổi không trả lời rõ ràng, nên một giao dịch đổi <b>có thể</b> đã được tạo. Tôi không có địa chỉ nạp cho giao dịch đó: <b>đừng gửi gì cả</b> cho đến khi bạn thấy tôi gửi địa chỉ nạp. Tôi sẽ không tự gửi lại yêu cầu này; để thử lại, hãy bắt đầu bằng /exchange. Mã tham chiếu cho bộ phận hỗ trợ: <code>{ $reference }</code>, { $time }.
flow-create-in-flight = ⏳ Giao dịch đổi của bạn có thể đang được tạo ngay lúc này: yêu cầu tạo đã đến dịch vụ đổi và câu trả lời chưa về. Thông tin nạp, hoặc lời từ chối của dịch vụ, sẽ được gửi đến đây ngay khi có; bạn không cần xác nhận lại. <b>Đừng gửi gì cả</b> cho đến khi bạn thấy tôi gửi địa chỉ nạp. Mã tham chiếu cho bộ phận hỗ trợ: <code>{ $reference }</code>, { $time }.
create-refused-later = ❌ Dịch vụ đổi đã từ chối giao dịch đổi bạn xác nhận: giao dịch <b>không</b> được tạo, và không có địa chỉ nạp nào đang chờ coin của bạn, vì vậy đừng gửi gì cho giao dịch đó. Để thử lại, hãy bắt đầu bằng /exchange. Mã tham chiếu cho bộ phận hỗ trợ: <code>{ $reference }</code>, { $time }.

created-title = ✅ <b>Đã tạo giao dịch đổi</b>
created-send = Gửi chính xác <code>{ $amount }</code> <b>{ $currency }</b> (số lượng chính xác, không làm tròn: nhấn để sao chép) trên mạng <b>{ $network }</b> đến địa chỉ này:
created-memo = ⚠️ <b>Phải kèm memo này, nếu không khoản nạp của bạn có thể bị mất:</b> <code>{ $memo }</code>
created-tracking = Tôi sẽ nhắn cho bạn mỗi khi trạng thái thay đổi.
created-repeat = 🔁 Tôi gửi lại phòng khi tin nhắn trước chưa đến, dù có thể nó đã đến. Đây vẫn là cùng một thông tin; chỉ gửi tiền một lần duy nhất.
# A status message sent again after a send that may have arrived (it comes first, on a line of its own).
notice-repeat = 🔁 Tôi gửi lại phòng khi tin nhắn trước chưa đến, dù có thể nó đã đến.
created-qr = Mã QR của địa chỉ nạp { $currency }

## Statuses, cards and the tracker's messages

status-waiting = ⏳ Đang chờ khoản nạp của bạn
status-confirming = 🔎 Đang xác nhận khoản nạp
status-exchanging = 🔄 Đang đổi
status-sending = 📤 Đang gửi đến địa chỉ của bạn
status-finished = ✅ Hoàn tất
status-failed = ❌ Thất bại
status-refunded = ↩️ Đã hoàn tiền
status-overdue = ⌛ Đã hết hạn: không nhận được khoản nạp kịp thời
status-unknown = ❔ { $status }
card-title = 🔁 Giao dịch <code>{ $id }</code>
card-pair = { $amount } { $from } → khoảng { $receive } { $to }
card-status = Trạng thái: <b>{ $status }</b>
card-to = Đến: <code>{ $address }</code>
card-to-memo = Memo: <code>{ $memo }</code>
card-provider = Nhà cung cấp: { $provider } ({ $type })
card-refund = Đã hoàn tiền đến: <code>{ $address }</code>
card-hash-from = Khoản nạp của bạn: { $link }
card-hash-to = Khoản chi trả: { $link }
card-hash-refund = Hoàn tiền: { $link }
card-not-tracked = Tôi không còn tự theo dõi giao dịch này; nhấn Làm mới để xem trạng thái.
card-updated = <i>Cập nhật lúc { $time }</i>
slow-title = ⏳ <b>Lâu hơn bình thường</b> · giao dịch đổi <code>{ $id }</code>
slow-confirming = Khoản nạp { $sent } { $from } của bạn đã đến và đang chờ xác nhận trên mạng { $network }, thường mất khoảng { $minutes } phút. Khi mạng đông, việc này lâu hơn: điều này bình thường và tiền của bạn không bị mất.
slow-exchanging = { $provider } đang đổi { $from } của bạn sang { $to }, thường mất khoảng { $minutes } phút. Đôi khi nhà cung cấp kiểm tra khoản nạp trước khi đổi: việc này lâu hơn, nhưng tiền của bạn không bị mất.
slow-sending = { $provider } đang gửi khoảng { $receive } { $to } đến <code>{ $address }</code>, thường mất khoảng { $minutes } phút. Mạng { $network } có thể đang đông.
slow-follow = Khoản nạp của bạn trên mạng: { $link }
slow-what-to-do = Hiện bạn chưa cần làm gì: tôi vẫn theo dõi và sẽ báo khi có thay đổi. Nếu sau { $later } phút vẫn không có gì thay đổi, hãy nhờ hỗ trợ với mã giao dịch: chạm { $button } trên thẻ và gửi tin nhắn đó.
card-late = ⚠️ Lâu hơn bình thường: “{ $status }” từ { $since }.
change-title = <b>{ $status }</b> · giao dịch <code>{ $id }</code>
change-waiting = Giao dịch đang chờ khoản nạp { $sent } { $from } của bạn.
change-confirming = Khoản nạp { $sent } { $from } của bạn đã đến và đang được xác nhận.
change-exchanging = { $from } của bạn đang được đổi sang { $to }.
change-sending = Khoảng { $receive } { $to } đang được gửi đến <code>{ $address }</code>.
change-finished = Hoàn tất: đã gửi { $receive } { $to } đến <code>{ $address }</code>.
change-failed = Giao dịch đổi đã thất bại. Vui lòng liên hệ bộ phận hỗ trợ và cung cấp mã giao dịch <code>{ $id }</code>: chuyển tiếp tin nhắn này cho chúng tôi, hoặc liên hệ bộ phận hỗ trợ của { $provider }.
change-refunded = Khoản nạp của bạn đã được hoàn lại.
change-refund-address = Đã hoàn tiền đến <code>{ $refund }</code>.
received-vs-quote = { $direction ->
   *[less] Đã nhận: { $received } { $to }; báo giá là khoảng { $quoted }: ít hơn { $percent }.
    [more] Đã nhận: { $received } { $to }; báo giá là khoảng { $quoted }: nhiều hơn { $percent }.
    [same] Đã nhận: { $received } { $to }, đúng như báo giá.
}
change-overdue = Không nhận được khoản nạp kịp thời nên giao dịch đã hết hạn. Đừng gửi gì đến địa chỉ nạp của giao dịch này nữa; hãy bắt đầu giao dịch mới bằng /exchange.
change-unknown = Dịch vụ đổi báo một trạng thái mà tôi không biết. Tôi vẫn tiếp tục kiểm tra và sẽ báo cho bạn khi trạng thái thay đổi.
history-page = Trang { $page }/{ $pages }
status-not-found = Tôi không tìm thấy giao dịch nào có mã này trong các giao dịch của bạn. Hãy kiểm tra lại mã, hoặc xem /history.
status-usage = Gửi mã giao dịch sau lệnh, ví dụ: <code>/status exolix-floating-abc123</code>
refresh-cooldown = Vừa làm mới xong. Hãy thử lại sau { $seconds } giây.
refresh-failed = Không kết nối được với dịch vụ đổi; đây là thông tin tôi đang có.
support-lookup-queue-full = ⏳ Bạn đã có { $count ->
       *[other] { $count } yêu cầu
    } đang chờ trong hàng đợi của dịch vụ đổi, nên đây là thông tin tôi đang có, không phải trạng thái trực tiếp. Hãy tra cứu lại sau khoảng { $seconds } giây.
refresh-queue-full = ⏳ Bạn đã có { $count ->
       *[other] { $count } yêu cầu
    } đang chờ trong hàng đợi của dịch vụ đổi, nên thẻ này chưa được làm mới. Hãy nhấn Làm mới lại sau khoảng { $seconds } giây.
button-funds-sent = 📨 Tôi đã gửi tiền
funds-sent-thanks = Cảm ơn bạn! Trong { $minutes } phút tới, tôi sẽ kiểm tra khoản nạp của bạn { $seconds ->
        [60] mỗi phút một lần
       *[other] mỗi { $seconds } giây một lần
    } và báo cho bạn ngay khi tiền đến.

## Support staff

support-lookup-unknown = Không có giao dịch nào có mã này, cả trong bot này lẫn ở dịch vụ đổi. Hãy dán mã giao dịch, hoặc đề nghị khách gửi tin nhắn 🧾 Thông tin hỗ trợ của giao dịch (không bao giờ dùng thẻ giao dịch: thẻ có thể hiển thị cụm từ chống lừa đảo của khách hàng).
support-user-unknown = Không có người dùng này. Hãy gửi Telegram id hoặc @username của họ.
support-user-title = <b>Người dùng { $id }</b> (@{ $username }, ngôn ngữ { $language }): { $count } giao dịch, mới nhất trước:
support-lookup-owner = Được tạo bởi người dùng <code>{ $id }</code> (@{ $username }, ngôn ngữ { $language })
support-lookup-created = Tạo lúc { $time } UTC
support-lookup-tracked = Đang theo dõi: lần kiểm tra tiếp theo lúc { $time } UTC
support-lookup-not-tracked = Không còn theo dõi
support-lookup-history = <b>Lịch sử trạng thái</b> (UTC):
support-stats =
    <b>Thống kê</b>
    Người dùng: { $users }
    Giao dịch theo trạng thái: { $exchanges }
    Lệnh gọi tới dịch vụ trong giờ qua: tạo { $create }, người dùng { $user }, thăm dò { $poll }, danh mục { $catalogue }, cảnh báo tỷ giá { $alert }
    Lỗi 429 từ dịch vụ: { $limited }
    Trình theo dõi: { $tracked } đang theo dõi, { $due } đến hạn kiểm tra

## Quotes in groups and inline mode

rate-usage = Cách dùng: <code>/rate 0.5 btc usdt</code> · chọn mạng bằng <code>usdt-trx</code> hoặc <code>usdt trx</code>
rate-admins-only = Trong nhóm này, chỉ quản trị viên mới có thể yêu cầu báo giá.
rate-main-network = { $symbol } trên mạng chính của coin này, { $network }
rate-pair-invalid = Không thể đổi cặp này.
rate-below-minimum = Số lượng thấp hơn mức tối thiểu cho cặp này.
rate-forbidden = Dịch vụ đổi hiện không cung cấp báo giá cặp này cho bot này (không có quyền truy cập). Hãy thử lại sau một lúc.
rate-slow-down = ⏳ Bạn đã yêu cầu nhiều báo giá mới trong phút vừa qua: dịch vụ đổi chỉ cho phép một vài lệnh gọi mỗi phút cho tất cả mọi người. Vui lòng chờ { $seconds } giây rồi hỏi lại (các số lượng bạn vừa hỏi, hoặc chênh lệch không quá 1% so với chúng, sẽ được trả lời ngay).
rate-queue-full = ⏳ Bạn đã có { $count ->
       *[other] { $count } yêu cầu báo giá
    } đang chờ trong hàng đợi của dịch vụ đổi. Kết quả đầu tiên sẽ có sau khoảng { $seconds } giây: hãy hỏi lại sau đó.
rate-offer-line = { $rank }. <b>{ $provider }</b>: { $receive } { $to }{ $versus } · { $type }
rate-offer-out-of-limits = { $rank }. <b>{ $provider }</b>: nằm ngoài giới hạn với số lượng này ({ $min } – { $max } { $from })
rate-out-of-limits-short = ngoài giới hạn
rate-offer-title = { $estimated ->
        [yes] { $provider }: ≈ { $receive } { $currency }
       *[no] { $provider }: { $receive } { $currency }
    }
rate-estimated = <i>≈ Ước tính từ báo giá cho { $amount } { $from }: số liệu cho đúng số lượng này có thể chênh lệch một chút.</i>
rate-limits = Giới hạn của báo giá tốt nhất: { $min } – { $max } { $from }
rate-time = <i>Báo giá lúc { $time }</i>
rate-exchange-button = 🔄 Đổi trong chat riêng
settings-title = <b>Cài đặt nhóm</b>: ai được yêu cầu báo giá, và ngôn ngữ tôi dùng để trả lời trong nhóm này.
settings-admins-only = Chỉ quản trị viên nhóm mới có thể thay đổi các cài đặt này.
settings-everyone = Mọi người
settings-admins = Chỉ quản trị viên
inline-summary-title = { $amount } { $from } → { $to }
inline-hint-title = Nhập số lượng và hai coin
inline-unavailable-title = Dịch vụ đổi hiện không khả dụng
inline-slow-down-title = Quá nhiều báo giá mới: hãy chờ { $seconds } giây
inline-hint-description = Ví dụ: 0.5 btc usdt
command-status = Trạng thái của một giao dịch theo mã
command-rate = Báo giá: /rate 0.5 btc usdt
command-settings = Cài đặt nhóm (quản trị viên)
command-lookup = Hỗ trợ: tra cứu giao dịch
command-user = Hỗ trợ: giao dịch của người dùng
command-stats = Hỗ trợ: thống kê
command-late = Hỗ trợ: giao dịch đổi lâu hơn bình thường
support-lookup-foreign = <i>Không được tạo qua bot này: chỉ có thông tin từ dịch vụ đổi.</i>

## deposit details
deposit-missing-address = ⚠️ <b>Dịch vụ đổi chưa cung cấp địa chỉ nạp.</b> Đừng gửi gì cho đến khi tôi hiển thị địa chỉ ở đây.
deposit-missing-memo = ⚠️ <b>Dịch vụ đổi chưa cung cấp memo nạp.</b> Trên mạng { $network }, khoản nạp không kèm memo có thể bị mất, nên tôi chưa hiển thị địa chỉ: đừng gửi gì cho đến khi tôi hiển thị cả hai.
deposit-incomplete-choices = Nhấn <b>Thử lại</b> để hỏi lại dịch vụ, hoặc <b>Thoát</b>: giao dịch vẫn nằm trong /history, và tôi sẽ nhắn cho bạn khi có thông tin nạp.
deposit-ready = 📬 Đã có thông tin nạp của giao dịch <code>{ $id }</code>. Chỉ gửi đúng như hướng dẫn bên dưới.
button-leave = Thoát
created-qr-memo = Mã QR của địa chỉ nạp { $currency }. Mã này không chứa memo: hãy tự nhập memo <code>{ $memo }</code>, nếu không khoản nạp của bạn có thể bị mất.

## create outcomes
history-unconfirmed = ⚠️ <b>Chưa xác nhận</b>: với các yêu cầu này, dịch vụ đổi có thể đã tạo giao dịch, nhưng chưa bao giờ gửi cho tôi mã giao dịch, nên tôi không thể hiển thị hay theo dõi chúng ở đây. Tôi chưa từng đưa cho bạn địa chỉ nạp nào cho các yêu cầu này: đừng gửi gì cho chúng. Nếu có gì không ổn, hãy chuyển tiếp tin nhắn này cho chúng tôi.
history-unconfirmed-line = • { $time }, mã tham chiếu <code>{ $reference }</code>
support-request-title = <b>Yêu cầu tạo giao dịch</b> <code>{ $reference }</code>
support-request-unknown = ⚠️ <b>Không rõ kết quả</b>: yêu cầu có thể đã đến dịch vụ đổi, và không có phản hồi nào cho biết giao dịch đã được tạo hay chưa. Bot không có mã giao dịch cho yêu cầu này nên không theo dõi nó, và khách hàng chưa được hiển thị địa chỉ nạp nào.
support-request-in-flight = ⏳ <b>Chưa có phản hồi</b>: yêu cầu có thể vẫn đang trên đường đi (gửi chưa đến { $minutes } phút).
support-request-failed = ❌ <b>Bị từ chối</b> bởi dịch vụ đổi; không có gì được tạo.
support-request-created = ✅ <b>Đã tạo</b>: giao dịch <code>{ $id }</code>.
support-request-reason = Phản hồi cuối cùng: { $reason }
support-request-owner = Được yêu cầu bởi người dùng <code>{ $id }</code> (@{ $username }, ngôn ngữ { $language })
support-request-at = Yêu cầu lúc { $time } UTC
support-request-no-details = Yêu cầu này được tạo trước khi bot lưu nội dung của từng yêu cầu: dòng log "createTransaction failed" với mã tham chiếu này có cặp coin, số lượng, nhà cung cấp và địa chỉ.
support-request-asked = Đã yêu cầu: { $amount } { $from } → { $to } với { $provider } ({ $type })
support-stats-unknown = Yêu cầu tạo không rõ kết quả (có thể đã có giao dịch, không có mã): { $count }
support-late-none = Không có giao dịch đổi nào lâu hơn bình thường.
support-late-title = <b>Lâu hơn bình thường</b> ({ $count }), lâu nhất trước:
support-late-line = • <code>{ $id }</code> · “{ $status }” từ { $since } UTC · { $provider }
support-stats-exchange-ok = Dịch vụ đổi: khả dụng
support-stats-exchange-down = ⚠️ Dịch vụ đổi: <b>không khả dụng</b> từ { $since } UTC ({ $reason }): { $detail }

## tracker: never silent
tracking-stopped-not-found = ⚠️ <b>Tôi đã ngừng theo dõi giao dịch</b> <code>{ $id }</code>: dịch vụ đổi liên tục trả lời rằng không tìm thấy giao dịch này.
tracking-stopped-stalled = ⚠️ <b>Tôi đã ngừng theo dõi giao dịch</b> <code>{ $id }</code>: giao dịch vẫn ở trạng thái “{ $status }” từ { $since }.
tracking-stopped-what-to-do = Tiền của bạn không bị mất vì tôi ngừng theo dõi. Nếu bạn đã gửi khoản nạp, hoặc vẫn đang chờ khoản chi trả, hãy liên hệ bộ phận hỗ trợ của { $provider } và cung cấp mã giao dịch <code>{ $id }</code>. Nút Làm mới trên thẻ giao dịch vẫn hiển thị trạng thái.
card-tracking-stopped = ⚠️ Tôi đã ngừng theo dõi giao dịch này lúc { $time }: { $reason }. Nếu tiền của bạn chưa đến, hãy liên hệ bộ phận hỗ trợ của { $provider } kèm mã giao dịch. Nhấn Làm mới để xem trạng thái.
tracking-reason-not-found = dịch vụ đổi không tìm thấy giao dịch
tracking-reason-stalled = trạng thái của giao dịch không còn thay đổi
tracking-reason-unknown = không có lý do được ghi lại
support-lookup-stopped = Không theo dõi từ { $time } UTC: { $reason }

## Anti-phishing: /phrase, /verify
deposit-phrase =
    🔐 Cụm từ của bạn: <b>{ $phrase }</b>
    Đừng chuyển tiếp tin nhắn này hay cho bất kỳ ai xem cụm từ, kể cả bộ phận hỗ trợ: khi cần hỗ trợ, hãy nhấn 🧾 Thông tin hỗ trợ.
phrase-none =
    Bạn chưa có cụm từ chống lừa đảo.

    Hãy đặt bằng <code>/phrase từ ngữ của riêng bạn</code>. Từ đó trở đi, mọi tin nhắn của tôi cho biết nơi gửi coin đều kèm cụm từ này. Bot bắt chước tin nhắn của tôi không thể biết cụm từ đó: địa chỉ nạp nào hiển thị mà không có cụm từ của bạn thì không phải do tôi gửi.
phrase-current =
    Cụm từ chống lừa đảo của bạn là <b>{ $phrase }</b>. Mọi tin nhắn của tôi cho biết nơi gửi coin đều kèm cụm từ này.

    Thay đổi bằng <code>/phrase từ ngữ mới</code>, xóa bằng <code>/phrase off</code>.
phrase-set = ✅ Đã lưu. Từ giờ, mọi tin nhắn hiển thị địa chỉ nạp đều kèm <b>{ $phrase }</b>. Tôi đã xóa tin nhắn của bạn để cụm từ không còn lại trong cuộc trò chuyện. Đừng bao giờ chuyển tiếp tin nhắn có hiển thị cụm từ này, và đừng nói nó cho ai: bộ phận hỗ trợ không bao giờ hỏi cụm từ này. Khi cần hỗ trợ, hãy nhấn 🧾 Thông tin hỗ trợ trên thẻ giao dịch và chuyển tiếp tin nhắn đó: tin nhắn đó không bao giờ chứa cụm từ của bạn.
phrase-removed = Đã xóa cụm từ chống lừa đảo của bạn.
phrase-invalid = Cụm từ của bạn phải dài từ { $min } đến { $max } ký tự và không được bắt đầu bằng “/”. Hãy thử lại: <code>/phrase từ ngữ của riêng bạn</code>.
verify-usage = Gửi <code>/verify @tên</code> để kiểm tra một tài khoản có phải là bot này hay bộ phận hỗ trợ của chúng tôi không.
verify-bot = ✅ @{ $name } là bot này: Telegram vừa xác nhận.
verify-staff = ✅ @{ $name } là một nhân viên hỗ trợ của chúng tôi: Telegram vừa xác nhận qua tài khoản của họ.
verify-unknown = ⚠️ @{ $name } <b>không phải</b> là bot này và <b>không phải</b> bộ phận hỗ trợ của chúng tôi. Đừng gửi coin, khóa hay cụm từ khôi phục cho tài khoản này.
verify-unavailable = Tôi không thể hỏi Telegram lúc này, nên không thể xác nhận tài khoản nào. Hãy thử lại sau một phút; trong lúc đó, đừng tin bất kỳ tài khoản nào nhắn tin cho bạn trước.
verify-reminder = Bộ phận hỗ trợ của chúng tôi không bao giờ nhắn tin trước và không bao giờ hỏi khóa, mật khẩu hay cụm từ khôi phục.
command-phrase = Cụm từ chống lừa đảo
command-verify = Kiểm tra tài khoản là bot này hay hỗ trợ

## Card: for support, swap again
button-receipt = 🧾 Thông tin hỗ trợ
button-swap-again = 🔁 Đổi lần nữa
receipt-title = 🧾 <b>Thông tin hỗ trợ</b> · giao dịch { $id }
receipt-provider = Nhà cung cấp: { $provider } ({ $type })
receipt-created = Tạo lúc: { $time }
receipt-amounts = Đã gửi: { $sent } { $from } → đã nhận: { $receive } { $to }
receipt-quoted = Báo giá khi xác nhận: khoảng { $quoted } { $to }
receipt-deposit = Địa chỉ nạp (lưu để hỗ trợ tra cứu, không phải nơi để thanh toán): { $address } · memo: { $memo }
receipt-deposit-none = Địa chỉ nạp: chưa đầy đủ (không hiển thị)
receipt-to = Địa chỉ nhận: { $address } · memo: { $memo }
receipt-refund = Địa chỉ hoàn tiền: { $address }
receipt-hashes = Hash khoản nạp: { $hashIn } · hash khoản chi trả: { $hashOut }
receipt-status = Trạng thái: { $status } ({ $raw })
receipt-history = Lịch sử trạng thái:
receipt-tracking-stopped = Ngừng theo dõi lúc { $time }: { $reason }
receipt-footer = Hãy chuyển tiếp tin nhắn này cho bộ phận hỗ trợ: tin nhắn chứa mọi thông tin họ cần, và không có bí mật nào. Tin nhắn này không bao giờ chứa cụm từ chống lừa đảo của bạn: đừng bao giờ chuyển tiếp tin nhắn có chứa cụm từ đó. Bộ phận hỗ trợ không bao giờ nhắn tin trước.

## Export
export-empty = Bạn chưa có giao dịch nào để xuất. Gõ /exchange để bắt đầu.
export-caption = 📄 { $count ->
   *[other] { $count } giao dịch
} của bạn dưới dạng tệp CSV (thời gian theo UTC), để bạn lưu trữ hoặc dùng cho công cụ khai thuế.
command-export = Giao dịch của bạn dưới dạng tệp CSV

## Address book
button-save-address = 💾 Lưu địa chỉ nhận này
addresses-ask-label = Bạn muốn đặt tên địa chỉ này là gì? Hãy gửi một nhãn ngắn (tối đa { $max } ký tự), ví dụ <i>Ledger</i> hoặc <i>Tài khoản sàn</i>.
addresses-ask-rename = Nhãn mới cho <b>{ $label }</b> (tối đa { $max } ký tự):
addresses-label-invalid = Nhãn gồm 1 đến { $max } ký tự trên một dòng. Hãy gửi nhãn khác, hoặc gửi một lệnh để bỏ qua.
addresses-saved = 📒 Đã lưu với tên <b>{ $label }</b>. Ở bước nhập địa chỉ cho mạng { $network }, địa chỉ này sẽ hiện thành một nút.
addresses-renamed = ✅ Đã đổi tên thành <b>{ $label }</b>.
addresses-already = Địa chỉ này đã có trong sổ địa chỉ của bạn với tên { $label }.
addresses-full = Sổ địa chỉ của bạn đã đầy ({ $max } địa chỉ). Hãy xóa bớt một địa chỉ trong /addresses trước.
addresses-empty = Sổ địa chỉ của bạn đang trống. Sau mỗi giao dịch thành công, tôi sẽ đề nghị lưu địa chỉ nhận của giao dịch đó.
addresses-title = <b>📒 Địa chỉ của bạn</b>
addresses-memo = memo <code>{ $memo }</code>
addresses-footer = Nhấn ✏️ để đổi tên, 🗑 để xóa.
addresses-deleted = Đã xóa.
flow-address-book-hint = Hoặc nhấn vào một địa chỉ bạn đã lưu:
address-saved-invalid = Địa chỉ đã lưu <b>{ $label }</b> không còn là địa chỉ { $network } hợp lệ. Vui lòng tự nhập địa chỉ.
command-addresses = Địa chỉ bạn đã lưu

## Rate alerts
alert-usage =
    Đặt cảnh báo tỷ giá: <code>/alert 0.5 btc eth 17.2</code> sẽ báo cho bạn khi 0.5 BTC đổi được ít nhất 17.2 ETH.
    Chọn mạng như với /rate: <code>usdt-trx</code> hoặc <code>usdt trx</code>. Cảnh báo của bạn: /alerts.
alert-created = 🔔 Tôi sẽ báo cho bạn khi { $amount } { $from } đổi được ít nhất <b>{ $target } { $to }</b>. Tôi kiểm tra nhiều nhất mỗi { $minutes } phút một lần, khi dịch vụ đổi còn dư khả năng sau các yêu cầu báo giá và giao dịch (vào ngày bận rộn thì thưa hơn); cảnh báo kết thúc sau { $days } ngày. Cảnh báo của bạn: /alerts.
alert-too-many = Bạn đã có { $max } cảnh báo, mức tối đa tôi lưu cho mỗi người. Hãy xóa bớt một cảnh báo trong /alerts trước.
alert-reached = 🔔 <b>Cảnh báo tỷ giá</b>: { $amount } { $from } hiện đổi được <b>{ $receive } { $to }</b> (báo giá tốt nhất, { $provider }), đạt mức tối thiểu { $target } bạn đã đặt. Cảnh báo này đã kết thúc; báo giá mới có thể chênh lệch một chút.
alert-exchange-button = 🔄 Đổi ngay
alert-expired = ⌛ Cảnh báo tỷ giá của bạn cho { $amount } { $from } → ít nhất { $target } { $to } đã kết thúc sau { $days } ngày mà không đạt được.
alerts-empty = Bạn chưa có cảnh báo tỷ giá nào. Đặt một cảnh báo bằng <code>/alert 0.5 btc eth 17.2</code>.
alerts-title = <b>🔔 Cảnh báo tỷ giá của bạn</b>
alerts-line = { $n }. { $amount } { $from } → ít nhất { $target } { $to } · đến { $until }
alerts-removed = Đã xóa cảnh báo.
flow-alert-button = 🔔 Đặt cảnh báo tỷ giá…
flow-alert-ask = { $amount } { $from } cần đổi được ít nhất bao nhiêu { $to }? Hãy gửi số lượng, ví dụ <code>{ $example }</code>.
command-alert = Cảnh báo tỷ giá: /alert 0.5 btc eth 17.2
command-alerts = Cảnh báo tỷ giá của bạn

## Deposit card: copy buttons (the app copies exactly what the card shows)
button-copy-amount = 📋 Số lượng chính xác
button-copy-address = 📋 Địa chỉ nạp
button-copy-memo = 📋 Memo

# Issue 32: how long a quote holds, and the next best offer after a refusal.
summary-quote-holds = ⏱ Báo giá này có hiệu lực trong { $seconds } giây: sau thời gian đó, khi bạn nhấn Xác nhận, tôi sẽ kiểm tra lại báo giá trước khi tạo bất cứ thứ gì.
summary-floating-means = Tỷ giá thả nổi: số lượng bạn nhận thay đổi theo thị trường cho đến khi coin của bạn được đổi, nên cuối cùng có thể nhiều hơn hoặc ít hơn một chút.
summary-fixed-means = Tỷ giá cố định: nhà cung cấp cam kết trả đúng số lượng hiển thị, miễn là bạn gửi chính xác số lượng ở trên và đúng hạn.
flow-next-best = { $refused } không thể thực hiện giao dịch này. Bên dưới là báo giá tốt nhất tiếp theo, của <b>{ $provider }</b>: hãy kiểm tra và xác nhận nếu phù hợp.
flow-next-best-waiting = ⏳ Đang tìm báo giá tốt nhất tiếp theo cho bạn.
flow-next-best-done = ✅ Đã có báo giá. Nhấn nút bên dưới để xem báo giá tốt nhất tiếp theo.
flow-next-best-wait = ⏳ Vẫn đang tìm: một nút sẽ hiện ở đây ngay khi có báo giá.
button-see-offer = 👀 Xem báo giá
