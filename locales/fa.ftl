# Keys are prefixed by feature. Every value that comes from a person or the service is
# HTML-escaped before it is passed in.

## Start, menu, help, language

start-welcome =
    👋 <b>{ $name } عزیز، خوش آمدید!</b>

    من رمزارزها را از طریق یک سرویس تجمیع صرافی‌ها تبادل می‌کنم: پیشنهادهای چند ارائه‌دهنده را مقایسه می‌کنم، شما یکی را انتخاب می‌کنید و من می‌گویم رمزارزتان را به کجا بفرستید. ثبت‌نام لازم نیست.

    برای شروع روی <b>تبادل</b> بزنید یا /exchange را بفرستید.

    🛡 پشتیبانی ما هرگز اول به شما پیام نمی‌دهد و هرگز کلید یا عبارت بازیابی (seed) نمی‌خواهد: هر حسابی را با /verify @username بررسی کنید.
menu-exchange = 🔄 تبادل
menu-history = 📜 تبادل‌های من
menu-language = 🌐 زبان
menu-help = ❓ راهنما
help-text =
    <b>چطور کار می‌کند</b>
    ۱. انتخاب کنید چه می‌فرستید و چه دریافت می‌کنید (یک ارز روی یک شبکهٔ مشخص).
    ۲. مقدار را وارد کنید و پیشنهادها را مقایسه کنید.
    ۳. آدرس دریافت خود را وارد کنید (و اگر شبکه لازم دارد، ممو را هم).
    ۴. تأیید کنید: من تبادل را ایجاد می‌کنم و آدرس واریز را نشان می‌دهم.
    ۵. دقیقاً همان مقداری را که نشان داده شده بفرستید. هر تغییر وضعیت را به شما اطلاع می‌دهم.

    /exchange — شروع تبادل
    /history — تبادل‌های شما
    /export — تبادل‌های شما در قالب فایل CSV
    /addresses — آدرس‌های دریافت ذخیره‌شده
    /alert 0.5 btc eth 17.2 — وقتی بشود با ۰٫۵ بیت‌کوین دست‌کم ۱۷٫۲ اتر گرفت، خبرتان می‌کنم؛ /alerts فهرست هشدارها را نشان می‌دهد
    /cancel — خروج از تبادل فعلی
    /language — تغییر زبان

    <b>امنیت</b>
    /phrase — تعیین عبارت ضدفیشینگ: هر پیامی از من که نشان می‌دهد رمزارزتان را به کجا بفرستید، این عبارت را دارد؛ رباتی جعلی که پیام‌های مرا تقلید می‌کند نمی‌تواند آن را داشته باشد.
    /verify @username — بررسی اینکه یک حساب همین ربات است یا پشتیبانی ما. پشتیبانی هرگز اول پیام نمی‌دهد و هرگز کلید یا عبارت بازیابی نمی‌خواهد.
language-pick = زبان خود را انتخاب کنید:
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
language-changed = ✅ زبان به فارسی تغییر کرد.
cancel-nothing = چیزی برای لغو وجود ندارد. برای شروع تبادل، /exchange را بفرستید.
unknown-command = این دستور را نمی‌شناسم. برای دیدن کارهایی که از من برمی‌آید، /help را بفرستید.
fallback-text = برای شروع تبادل /exchange و برای دیدن کارهایی که از من برمی‌آید /help را بفرستید.
button-expired = این دکمه منقضی شده است.
sandbox-notice = 🧪 <i>محیط آزمایشی (سندباکس): هیچ‌چیز در اینجا واقعی نیست و هیچ دارایی‌ای جابه‌جا نمی‌شود.</i>

command-start = منوی اصلی
command-exchange = شروع تبادل
command-history = تبادل‌های من
command-cancel = خروج از تبادل فعلی
command-language = تغییر زبان
command-help = چطور کار می‌کند

## History

history-empty = هنوز هیچ تبادلی ندارید. برای شروع، /exchange را بفرستید.
history-title = <b>تبادل‌های شما</b>، از جدیدترین:
history-line = • { $amount } { $from } → { $to }: <b>{ $status }</b>
    <code>{ $id }</code>
history-button = { $n }. { $amount } { $from } → { $to }

## The exchange flow

flow-pick-from = چه چیزی می‌خواهید <b>بفرستید</b>؟
flow-pick-to = شما <b>{ $from }</b> می‌فرستید. چه چیزی می‌خواهید <b>دریافت کنید</b>؟
flow-pick-hint = روی یک ارز بزنید یا نماد یا نام آن را بنویسید: <code>usdt</code>، <code>tether</code>، یا نماد را همراه با شبکه‌اش: <code>usdt trx</code>.
flow-pick-hint-recent = روی یکی از جفت‌ارزهای اخیرتان یا یک ارز بزنید، یا نماد یا نام آن را بنویسید (مثلاً <code>usdt</code>، <code>usdt trx</code>).
flow-pick-network = <b>{ $symbol }</b> ({ $name }) روی چند شبکه وجود دارد. کدام‌یک؟
flow-back-to-list = « ارزهای پرطرفدار
flow-matches = ارزهای مطابق با «{ $query }»:
flow-nothing-found = ارزی با نام «{ $query }» پیدا نکردم.
flow-did-you-mean = منظورتان یکی از این‌ها بود؟
flow-same-currency = نمی‌توانید { $currency } را با خودش تبادل کنید. ارز دیگری برای دریافت انتخاب کنید.
flow-unknown-command = این دستور اینجا کار نمی‌کند. برای خروج از تبادل، /cancel را بفرستید.
flow-text-expected = لطفاً پاسخ خود را بنویسید یا روی یک دکمه بزنید.
flow-step-again = بسیاری از پاسخ‌های شما به کار این مرحله نمی‌آمد، پس سؤال این مرحله را از اول می‌پرسم. انتخاب‌های قبلی‌تان حفظ شده است؛ با /cancel از تبادل خارج می‌شوید.
flow-tap-a-button = لطفاً روی یکی از دکمه‌های بالا بزنید.
flow-cancelled = تبادل لغو شد. تبادل‌هایی که قبلاً ایجاد کرده‌اید در /history هستند.
start-flow-closed = تبادلی را که در حال تنظیمش بودید بستم؛ چیزی ایجاد نشد. با /exchange دوباره شروع کنید؛ تبادل‌هایی که قبلاً ایجاد کرده‌اید در /history هستند.
start-flow-closed-created = تبادلی را که در حال تنظیمش بودید بستم. تبادل <code>{ $id }</code> ایجاد شده و باز می‌ماند: وقتی سرویس اطلاعات واریز را بدهد، به شما پیام می‌دهم. این تبادل در /history هست.
flow-cancelled-created = تبادل <code>{ $id }</code> از قبل ایجاد شده است، پس لغو نمی‌شود: تا وقتی دارایی‌ای به آن نفرستید، چیزی از شما برداشته نمی‌شود. وقتی سرویس اطلاعات واریز را بدهد، به شما پیام می‌دهم؛ این تبادل در /history هست.
flow-too-large = ⌛ تبادلی که در حال تنظیمش بودید بزرگ‌تر از آن شد که بتوانم نگهش دارم (پیام‌های رفت‌وبرگشتی بیش از حد)، پس آن را بستم. برای شروع دوباره /exchange را بفرستید؛ تبادل‌هایی که قبلاً ایجاد کرده‌اید در /history هستند.
flow-too-large-created = ⌛ گفتگوی ما دربارهٔ این تبادل بزرگ‌تر از آن شد که بتوانم نگهش دارم (پیام‌های رفت‌وبرگشتی بیش از حد)، پس آن را بستم. تبادل <code>{ $id }</code> ایجاد شده و باز می‌ماند: وقتی سرویس اطلاعات واریز را بدهد، به شما پیام می‌دهم. این تبادل در /history هست.
flow-timeout = ⌛ تبادلی که در حال تنظیمش بودید ۳۰ دقیقه بی‌پاسخ ماند، پس آن را بستم. برای شروع دوباره /exchange را بفرستید؛ تبادل‌هایی که قبلاً ایجاد کرده‌اید در /history هستند.
flow-timeout-created = ⌛ این گفتگو با من ۳۰ دقیقه بی‌پاسخ ماند، پس آن را بستم. تبادل <code>{ $id }</code> ایجاد شده و باز می‌ماند: وقتی سرویس اطلاعات واریز را بدهد، به شما پیام می‌دهم. این تبادل در /history هست.

flow-ask-amount = چه مقدار <b>{ $from }</b> می‌خواهید بفرستید؟ مثلاً <code>0.5</code>.
amount-empty = لطفاً یک مقدار بنویسید، مثلاً <code>0.5</code>.
amount-not-a-number = این را نمی‌توانم به‌عنوان عدد بخوانم. مقداری مثل <code>0.5</code> یا <code>1 000</code> بنویسید.
amount-zero = مقدار باید بیشتر از صفر باشد.
amount-negative = مقدار نمی‌تواند منفی باشد.
amount-exponent = لطفاً مقدار را کامل و بدون توان بنویسید (نه <code>1e5</code>).
amount-too-many-decimals = رقم‌های اعشار بیش از حد است: من حداکثر { $decimals ->
        [one] { $decimals } رقم
       *[other] { $decimals } رقم
    } بعد از ممیز (نقطه یا ویرگول) می‌پذیرم.
amount-too-large = این مقدار بیش از حد بزرگ است. لطفاً آن را بررسی کنید و دوباره بنویسید.
amount-ambiguous = نمی‌توانم بفهمم جداکننده در <code>{ $input }</code> هزارگان را جدا می‌کند یا بخش اعشاری را شروع می‌کند: هر دو جور نوشته می‌شود. لطفاً عدد صحیح را بدون جداکننده بنویسید (<code>1234</code>)، یا عدد اعشاری را با یک صفر بیشتر در انتها (<code>1.2340</code>).

queue-position = ⏳ سرویس تبادل شلوغ است: نوبت شما در صف { $position } است، حدود { $seconds } ثانیه.
create-rate-limited = ⏳ سرویس تبادل خواست کمی صبر کنم: تبادل شما هنوز ایجاد نشده است. حدود { $seconds } ثانیهٔ دیگر دوباره امتحان می‌کنم.
flow-offers-loading = ⏳ در حال دریافت پیشنهادها برای { $amount } { $from } → { $to }…
flow-recheck-waiting = ⏳ بیش از یک دقیقه از نرخی که گرفته‌اید گذشته است: پیش از ایجاد تبادل، پیشنهاد را دوباره بررسی می‌کنم.
flow-recheck-done = ✅ پیشنهاد بررسی شد. برای ادامه روی «تأیید» بزنید.
flow-recheck-wait = ⏳ هنوز در حال بررسی پیشنهاد هستم: به‌محض تمام شدن، دکمهٔ «تأیید» را همین‌جا نشان می‌دهم.
flow-offers-header = <b>{ $amount } { $from } → { $to }</b>
flow-quote-age = پیشنهادها، بهترین در ابتدا · نرخ ساعت { $time } ({ $seconds } ثانیه پیش)
flow-offer-line = { $rank }. <b>{ $provider }</b>: { $receive } { $to }{ $versus } · { $type }
    {"    "}محدوده: { $min } – { $max } { $from }
rate-floating = نرخ شناور
rate-fixed = نرخ ثابت
limit-none = بدون سقف
offer-versus-best = ({ $percent })
flow-offer-button = { $provider } · { $receive } { $currency }
tag-recommended = ⭐ توصیه‌شده
tag-ai-best-rate = 🤖 بهترین نرخ به انتخاب هوش مصنوعی
tag-best-rate = 💰 بهترین نرخ
tag-best-in-kyc = 🛡 کمترین احراز هویت (KYC)
button-refresh = 🔄 به‌روزرسانی
button-retry = 🔁 تلاش دوباره
flow-change-amount = ✏️ تغییر مقدار
flow-change-from = تغییر ارز ارسالی
flow-change-to = تغییر ارز دریافتی
flow-pair-invalid = این جفت‌ارز قابل تبادل نیست: { $from } → { $to }. لطفاً ارز دیگری انتخاب کنید.
flow-below-minimum = { $amount } { $from } کمتر از حداقلی است که ارائه‌دهندگان برای این جفت‌ارز می‌پذیرند. لطفاً مقدار بیشتری وارد کنید.
flow-no-offers = در حال حاضر هیچ ارائه‌دهنده‌ای برای { $from } → { $to } پیشنهادی ندارد. مقدار یا جفت‌ارز دیگری را امتحان کنید.
flow-offer-out-of-limits = { $provider } از { $min } تا { $max } { $currency } می‌پذیرد؛ شما { $amount } وارد کرده‌اید. پیشنهاد دیگری انتخاب کنید یا مقدار را تغییر دهید.
error-unavailable = سرویس تبادل در حال حاضر پاسخ نمی‌دهد. انتخاب‌های شما حفظ شده است: کمی بعد دوباره امتحان کنید.
exchange-unavailable = ⚠️ سرویس تبادل در حال حاضر در دسترس نیست، پس نمی‌توانم نرخ بدهم یا تبادل ایجاد کنم. لطفاً بعداً دوباره امتحان کنید؛ تبادل‌هایی که قبلاً ایجاد کرده‌اید در /history هستند.
error-rate-limited = سرویس تبادل شلوغ است. انتخاب‌های شما حفظ شده است: { $seconds } ثانیهٔ دیگر دوباره امتحان کنید.
error-queue-full = ⏳ شما هم‌اکنون { $count ->
        [one] یک استعلام نرخ
       *[other] { $count } استعلام نرخ
    } در صف سرویس تبادل دارید. انتخاب‌های شما حفظ شده است: حدود { $seconds } ثانیهٔ دیگر، وقتی اولی رسید، دوباره امتحان کنید.
error-refused = سرویس تبادل این درخواست را رد کرد: { $reason }
error-refused-plain = سرویس تبادل این درخواست را رد کرد.
error-forbidden = سرویس تبادل فعلاً به این ربات اجازهٔ دسترسی به این درخواست را نمی‌دهد. انتخاب‌های شما حفظ شده است: کمی بعد دوباره امتحان کنید و اگر باز هم تکرار شد، به پشتیبانی ما خبر دهید.

flow-ask-address = آدرس <b>{ $currency }</b> خود را روی شبکهٔ <b>{ $network }</b> بفرستید؛ همان آدرسی که می‌خواهید رمزارزتان را در آن دریافت کنید.
    آن را از کیف پولتان کپی کنید و شبکه را دوباره بررسی کنید.
address-empty = لطفاً آدرس را به‌صورت متن بفرستید.
address-too-long = این برای یک آدرس روی شبکهٔ { $network } بیش از حد طولانی است. لطفاً آن را بررسی کنید.
address-whitespace = آدرس هیچ فاصله یا شکست خطی ندارد. لطفاً فقط خود آدرس را بفرستید.
address-unprintable = این متن نویسه‌های پنهان یا غیرعادی دارد؛ هیچ آدرس واقعی‌ای چنین نویسه‌هایی ندارد. لطفاً آدرس را دوباره کپی کنید.
address-invalid-format = این یک آدرس معتبر روی شبکهٔ { $network } نیست. لطفاً بررسی کنید که آدرس برای همین شبکه باشد و دوباره کپی‌اش کنید.
address-burn-address = این یک آدرس سوزاندن (burn) است: هیچ‌کس هرگز نمی‌تواند آنچه به آن فرستاده می‌شود را خرج کند، پس رمزارزتان از دست می‌رود. لطفاً آدرس کیف پول خودتان را بفرستید.
address-token-contract = این قرارداد توکن { $token } است، نه یک کیف پول: رمزارزی که به قرارداد توکن فرستاده شود برای همیشه از دست می‌رود. لطفاً آدرس کیف پول خودتان را بفرستید (کیف پولتان آن را در بخش «دریافت» یا «Receive» نشان می‌دهد).
flow-address-unchecked = ⚠️ نمی‌توانم آدرس‌های شبکهٔ { $network } را بررسی کنم: آدرسی با غلط تایپی هم پذیرفته می‌شود. آن را از کیف پولتان کپی کنید و پیش از تأیید، نویسه‌به‌نویسه مقایسه کنید.

flow-ask-memo =
    ⚠️ <b>شبکهٔ { $network } برای { $currency } به ممو (MEMO / تگ مقصد) نیاز دارد</b>.
    صرافی‌ها و کیف پول‌های امانی با آن تشخیص می‌دهند دارایی به کدام حساب تعلق دارد: <b>بدون ممو درست، دارایی شما ممکن است از دست برود.</b>

    مموی نشان‌داده‌شده در کیف پولتان را بنویسید، یا اگر کیف پول شخصی‌تان واقعاً ممو نمی‌خواهد، روی دکمه بزنید.
flow-no-memo = کیف پول من ممو نمی‌خواهد
flow-no-memo-sure = مطمئن هستید؟ فقط وقتی بدون ممو بفرستید که کیف پول مقصد متعلق به خودتان باشد و ممو نخواهد. صرافی‌ها و کیف پول‌های امانی روی شبکهٔ { $network } <b>همیشه</b> ممو لازم دارند.
flow-no-memo-yes = بله، بدون ممو بفرست
flow-no-memo-back = نه، ممو را وارد می‌کنم
flow-type-memo = لطفاً ممو را بنویسید.
memo-too-long = این ممو برای { $network } بیش از حد طولانی است. لطفاً آن را بررسی کنید.
memo-unprintable = این ممو نویسه‌های پنهان یا غیرعادی دارد. لطفاً آن را دوباره کپی کنید.
memo-invalid-format = این یک ممو معتبر برای { $network } نیست. لطفاً آن را بررسی کنید.
memo-encrypted = در شبکهٔ { $network }، ممویی که با # شروع شود رمزنگاری‌شده ارسال می‌شود و صرافی مقصد نمی‌تواند آن را بخواند. لطفاً ممو را بدون # بنویسید.

summary-title = <b>لطفاً همه‌چیز را بررسی کنید</b>
summary-send = ارسال: <b>{ $amount } { $currency }</b>
summary-receive = دریافت تقریبی: <b>{ $amount } { $currency }</b>
summary-rate = نرخ: هر { $base } = { $rate } { $quote }
summary-provider = ارائه‌دهنده: { $provider } ({ $type })
summary-address = به آدرس ({ $network }): <code>{ $address }</code>
summary-address-compare = ⚠️ نمی‌توانم آدرس‌های این شبکه را بررسی کنم: آدرس بالا را نویسه‌به‌نویسه با کیف پولتان مقایسه کنید.
summary-memo = ممو: <code>{ $memo }</code>
summary-no-memo = ممو: ندارد (تأیید کردید که کیف پولتان ممو نمی‌خواهد)
button-confirm = ✅ تأیید
button-change = ✏️ تغییر
button-cancel = ✖️ لغو
flow-change-what = چه چیزی را می‌خواهید تغییر دهید؟
change-from = ارز ارسالی
change-to = ارز دریافتی
change-amount = مقدار
change-offer = پیشنهاد
change-address = آدرس
change-memo = ممو
flow-offer-gone = ⚠️ { $provider } دیگر این تبادل را ارائه نمی‌کند. لطفاً پیشنهاد دیگری انتخاب کنید.
flow-quote-changed = ⚠️ پیشنهاد از وقتی آن را دیدید تغییر کرده است: اکنون به‌جای { $was }، حدود <b>{ $receive } { $currency }</b> دریافت می‌کنید. ارقام جدید این‌هاست: اگر برایتان مناسب است، دوباره تأیید کنید.
flow-quote-limits-changed = ⚠️ محدودهٔ پیشنهاد تغییر کرده و مقدار شما دیگر در آن نمی‌گنجد. لطفاً دوباره یک پیشنهاد انتخاب کنید.
flow-create-unknown = ⚠️ نتوانستم تأیید کنم که تبادل شما ایجاد شده است یا نه: درخواست را فرستادم، اما سرویس تبادل پاسخ روشنی نداد، پس <b>ممکن است</b> تبادلی ایجاد شده باشد. آدرس واریزی برای آن ندارم: تا وقتی آدرس واریز را از من ندیده‌اید، <b>چیزی نفرستید</b>. این درخواست را خودم دوباره امتحان نمی‌کنم؛ برای تلاش دوباره، با /exchange از نو شروع کنید. شناسهٔ پیگیری برای پشتیبانی: <code>{ $reference }</code>، { $time }.
flow-create-in-flight = ⏳ ممکن است تبادل شما همین حالا در حال ایجاد باشد: درخواست ایجاد آن به سرویس تبادل رسیده و پاسخش هنوز نیامده است. اطلاعات واریز، یا رد درخواست از سوی سرویس، به‌محض روشن شدن همین‌جا می‌آید؛ لازم نیست دوباره تأیید کنید. تا وقتی آدرس واریز را از من ندیده‌اید، <b>چیزی نفرستید</b>. شناسهٔ پیگیری برای پشتیبانی: <code>{ $reference }</code>، { $time }.
create-refused-later = ❌ سرویس تبادل، تبادلی را که تأیید کردید رد کرد: این تبادل ایجاد <b>نشد</b> و هیچ آدرس واریزی منتظر رمزارز شما نیست، پس چیزی برای آن نفرستید. برای تلاش دوباره، با /exchange از نو شروع کنید. شناسهٔ پیگیری برای پشتیبانی: <code>{ $reference }</code>، { $time }.

created-title = ✅ <b>تبادل ایجاد شد</b>
created-send = دقیقاً <code>{ $amount }</code> <b>{ $currency }</b> (مقدار دقیق، بدون گرد کردن: برای کپی روی آن بزنید) را روی شبکهٔ <b>{ $network }</b> به این آدرس بفرستید:
created-memo = ⚠️ <b>این ممو (MEMO) را حتماً وارد کنید، وگرنه واریز شما ممکن است از دست برود:</b> <code>{ $memo }</code>
created-tracking = با هر تغییر وضعیت به شما پیام می‌دهم.
created-repeat = 🔁 دوباره فرستاده شد، چون ممکن است پیام قبلی نرسیده باشد (شاید هم رسیده باشد). اطلاعات همان است؛ دارایی را فقط یک بار بفرستید.
# A status message sent again after a send that may have arrived (it comes first, on a line of its own).
notice-repeat = 🔁 دوباره فرستاده شد، چون ممکن است پیام قبلی نرسیده باشد (شاید هم رسیده باشد).
created-qr = کد QR آدرس واریز { $currency }

## Statuses, cards and the tracker's messages

status-waiting = ⏳ در انتظار واریز شما
status-confirming = 🔎 در حال تأیید واریز شما
status-exchanging = 🔄 در حال تبادل
status-sending = 📤 در حال ارسال به آدرس شما
status-finished = ✅ انجام شد
status-failed = ❌ ناموفق
status-refunded = ↩️ بازگردانده شد
status-overdue = ⌛ منقضی شد: واریز به‌موقع نرسید
status-unknown = ❔ { $status }
card-title = 🔁 تبادل <code>{ $id }</code>
card-pair = { $amount } { $from } → حدود { $receive } { $to }
card-status = وضعیت: <b>{ $status }</b>
card-to = به: <code>{ $address }</code>
card-to-memo = ممو: <code>{ $memo }</code>
card-provider = ارائه‌دهنده: { $provider } ({ $type })
card-refund = بازگردانده شد به: <code>{ $address }</code>
card-hash-from = واریز شما: { $link }
card-hash-to = ارسال به شما: { $link }
card-hash-refund = بازگشت وجه: { $link }
card-not-tracked = دیگر این تبادل را خودکار بررسی نمی‌کنم؛ برای دیدن وضعیتش روی «به‌روزرسانی» بزنید.
card-updated = <i>به‌روزرسانی: { $time }</i>
slow-title = ⏳ <b>طولانی‌تر از معمول</b> · تبادل <code>{ $id }</code>
slow-confirming = واریز { $sent } { $from } شما رسیده و منتظر تأییدهای شبکهٔ { $network } است که معمولاً حدود { $minutes } دقیقه طول می‌کشد. وقتی شبکه شلوغ است بیشتر طول می‌کشد: این عادی است و دارایی شما از دست نرفته است.
slow-exchanging = { $provider } در حال تبدیل { $from } شما به { $to } است که معمولاً حدود { $minutes } دقیقه طول می‌کشد. گاهی ارائه‌دهنده پیش از تبدیل، واریز را بررسی می‌کند: بیشتر طول می‌کشد، اما دارایی شما از دست نرفته است.
slow-sending = { $provider } در حال فرستادن حدود { $receive } { $to } به <code>{ $address }</code> است که معمولاً حدود { $minutes } دقیقه طول می‌کشد. ممکن است شبکهٔ { $network } شلوغ باشد.
slow-follow = واریز شما در شبکه: { $link }
slow-what-to-do = فعلاً کاری لازم نیست: تبادل را دنبال می‌کنم و وقتی پیش برود خبرتان می‌کنم. اگر تا { $later } دقیقهٔ دیگر چیزی تغییر نکرد، با شناسهٔ تبادل کمک بخواهید: روی { $button } در کارت بزنید و آن پیام را بفرستید.
card-late = ⚠️ دیرتر از معمول: «{ $status }» از { $since }.
change-title = <b>{ $status }</b> · تبادل <code>{ $id }</code>
change-waiting = تبادل منتظر واریز { $sent } { $from } از سوی شماست.
change-confirming = واریز { $sent } { $from } شما رسید و در حال تأیید است.
change-exchanging = { $from } شما در حال تبادل به { $to } است.
change-sending = حدود { $receive } { $to } در حال ارسال به <code>{ $address }</code> است.
change-finished = انجام شد: { $receive } { $to } به <code>{ $address }</code> فرستاده شد.
change-failed = تبادل ناموفق بود. لطفاً با پشتیبانی تماس بگیرید و شناسهٔ تبادل <code>{ $id }</code> را به آن‌ها بدهید: این پیام را برای ما فوروارد کنید، یا به پشتیبانی { $provider } پیام دهید.
change-refunded = واریز شما بازگردانده شد.
change-refund-address = وجه به <code>{ $refund }</code> بازگردانده شد.
received-vs-quote = { $direction ->
   *[less] دریافت‌شده: { $received } { $to }؛ در پیشنهاد حدود { $quoted } گفته شده بود: { $percent } کمتر.
    [more] دریافت‌شده: { $received } { $to }؛ در پیشنهاد حدود { $quoted } گفته شده بود: { $percent } بیشتر.
    [same] دریافت‌شده: { $received } { $to }، همان‌طور که پیشنهاد شده بود.
}
change-overdue = هیچ واریزی به‌موقع نرسید، پس تبادل منقضی شد. اکنون چیزی به آدرس واریز آن نفرستید؛ با /exchange تبادل جدیدی شروع کنید.
change-unknown = سرویس تبادل وضعیتی را گزارش می‌کند که آن را نمی‌شناسم. همچنان بررسی می‌کنم و وقتی تغییر کرد به شما خبر می‌دهم.
history-page = صفحهٔ { $page } از { $pages }
status-not-found = تبادلی با این شناسه در میان تبادل‌های شما پیدا نمی‌کنم. شناسه را بررسی کنید یا /history را ببینید.
status-usage = شناسهٔ تبادل را بعد از دستور بفرستید، مثلاً: <code>/status exolix-floating-abc123</code>
refresh-cooldown = همین الان به‌روزرسانی شد. { $seconds } ثانیهٔ دیگر دوباره امتحان کنید.
refresh-failed = به سرویس تبادل دسترسی پیدا نکردم؛ آنچه را می‌دانم نشان می‌دهم.
support-lookup-queue-full = ⏳ شما هم‌اکنون { $count ->
        [one] یک درخواست
       *[other] { $count } درخواست
    } در صف سرویس تبادل دارید، پس این‌ها اطلاعاتی است که من دارم، نه وضعیت زنده. حدود { $seconds } ثانیهٔ دیگر دوباره جستجو کنید.
refresh-queue-full = ⏳ شما هم‌اکنون { $count ->
        [one] یک درخواست
       *[other] { $count } درخواست
    } در صف سرویس تبادل دارید، پس این کارت به‌روز نشد. حدود { $seconds } ثانیهٔ دیگر دوباره روی «به‌روزرسانی» بزنید.
button-funds-sent = 📨 دارایی را فرستادم
funds-sent-thanks = ممنون! تا { $minutes } دقیقهٔ آینده، { $seconds ->
        [60] هر دقیقه
       *[other] هر { $seconds } ثانیه
    } واریز شما را بررسی می‌کنم و به‌محض رسیدنش خبرتان می‌کنم.

## Support staff

support-lookup-unknown = تبادلی با این شناسه نه در این ربات هست و نه در سرویس تبادل. شناسه را جای‌گذاری کنید، یا پیام «🧾 برای پشتیبانی» آن را بخواهید (هرگز کارت را نه: ممکن است عبارت ضدفیشینگ مشتری را نشان دهد).
support-user-unknown = چنین کاربری وجود ندارد. شناسهٔ تلگرام یا @username او را بفرستید.
support-user-title = <b>کاربر { $id }</b> (@{ $username }، زبان { $language }): { $count ->
        [one] { $count } تبادل
       *[other] { $count } تبادل
    }، از جدیدترین:
support-lookup-owner = ایجادشده توسط کاربر <code>{ $id }</code> (@{ $username }، زبان { $language })
support-lookup-created = زمان ایجاد: { $time } UTC
support-lookup-tracked = در حال پیگیری: بررسی بعدی ساعت { $time } UTC
support-lookup-not-tracked = دیگر پیگیری نمی‌شود
support-lookup-history = <b>تاریخچهٔ وضعیت</b> (UTC):
support-stats =
    <b>آمار</b>
    کاربران: { $users }
    تبادل‌ها بر اساس وضعیت: { $exchanges }
    فراخوانی‌های سرویس در یک ساعت گذشته: ایجاد تبادل { $create }، درخواست‌های کاربران { $user }، بررسی وضعیت { $poll }، فهرست ارزها { $catalogue }، هشدارهای نرخ { $alert }
    پاسخ‌های ۴۲۹ از سرویس: { $limited }
    ردیاب: { $tracked } در حال پیگیری، { $due } هم‌اکنون سررسید

## Quotes in groups and inline mode

rate-usage = روش استفاده: <code>/rate 0.5 btc usdt</code> · برای انتخاب شبکه: <code>usdt-trx</code> یا <code>usdt trx</code>
rate-admins-only = در این گروه فقط مدیران می‌توانند نرخ استعلام کنند.
rate-main-network = { $symbol } روی شبکهٔ اصلی‌اش، { $network }
rate-pair-invalid = این جفت‌ارز قابل تبادل نیست.
rate-below-minimum = مقدار کمتر از حداقل این جفت‌ارز است.
rate-forbidden = سرویس تبادل در حال حاضر برای این جفت‌ارز به این ربات نرخ نمی‌دهد (دسترسی ندارد). کمی بعد دوباره امتحان کنید.
rate-slow-down = ⏳ در یک دقیقهٔ گذشته چند استعلام نرخ جدید خواسته‌اید: سرویس تبادل برای همهٔ کاربران روی هم فقط چند فراخوانی در دقیقه اجازه می‌دهد. لطفاً { $seconds } ثانیه صبر کنید و دوباره بپرسید (مقدارهایی که همین الان پرسیده‌اید، یا حداکثر ۱٪ با آن‌ها فاصله دارند، فوراً پاسخ داده می‌شوند).
rate-queue-full = ⏳ شما هم‌اکنون { $count ->
        [one] یک استعلام نرخ
       *[other] { $count } استعلام نرخ
    } در صف سرویس تبادل دارید. اولی حدود { $seconds } ثانیهٔ دیگر می‌رسد: بعد از آن دوباره بپرسید.
rate-offer-line = { $rank }. <b>{ $provider }</b>: { $receive } { $to }{ $versus } · { $type }
rate-offer-out-of-limits = { $rank }. <b>{ $provider }</b>: این مقدار خارج از محدوده‌اش است ({ $min } – { $max } { $from })
rate-out-of-limits-short = خارج از محدوده
rate-offer-title = { $estimated ->
        [yes] { $provider }: ≈ { $receive } { $currency }
       *[no] { $provider }: { $receive } { $currency }
    }
rate-estimated = <i>≈ برآورد بر اساس نرخ { $amount } { $from }: ارقام برای دقیقاً همین مقدار ممکن است کمی فرق کند.</i>
rate-limits = محدودهٔ بهترین پیشنهاد: { $min } – { $max } { $from }
rate-time = <i>نرخ ساعت { $time }</i>
rate-exchange-button = 🔄 تبادل در چت خصوصی
settings-title = <b>تنظیمات گروه</b>: چه کسی می‌تواند نرخ استعلام کند، و من اینجا به چه زبانی پاسخ دهم.
settings-admins-only = فقط مدیران گروه می‌توانند این تنظیمات را تغییر دهند.
settings-everyone = همه
settings-admins = فقط مدیران
inline-summary-title = { $amount } { $from } → { $to }
inline-hint-title = یک مقدار و دو ارز بنویسید
inline-unavailable-title = سرویس تبادل در حال حاضر در دسترس نیست
inline-slow-down-title = استعلام‌های جدید زیاد است: { $seconds } ثانیه صبر کنید
inline-hint-description = مثلاً: 0.5 btc usdt
command-status = وضعیت یک تبادل با شناسه‌اش
command-rate = نرخ: /rate 0.5 btc usdt
command-settings = تنظیمات گروه (مدیران)
command-lookup = پشتیبانی: جستجوی تبادل
command-user = پشتیبانی: تبادل‌های یک کاربر
command-stats = پشتیبانی: آمار
command-late = پشتیبانی: تبادل‌های کندتر از معمول
support-lookup-foreign = <i>از طریق این ربات ایجاد نشده است: فقط آنچه سرویس تبادل می‌گوید.</i>

## deposit details
deposit-missing-address = ⚠️ <b>سرویس تبادل هنوز آدرس واریز را نداده است.</b> تا وقتی آن را اینجا نشان نداده‌ام، چیزی نفرستید.
deposit-missing-memo = ⚠️ <b>سرویس تبادل هنوز مموی واریز را نداده است.</b> روی شبکهٔ { $network } واریزی که ممو نداشته باشد ممکن است از دست برود، پس آدرس را نشان نمی‌دهم: تا وقتی هر دو را نشان نداده‌ام، چیزی نفرستید.
deposit-incomplete-choices = روی <b>تلاش دوباره</b> بزنید تا دوباره از سرویس بپرسم، یا روی <b>خروج</b>: تبادل در /history می‌ماند و وقتی اطلاعات واریز آماده شد، به شما پیام می‌دهم.
deposit-ready = 📬 اطلاعات واریز تبادل <code>{ $id }</code> آماده است. فقط همان‌طور که در زیر نشان داده شده بفرستید.
button-leave = خروج
created-qr-memo = کد QR آدرس واریز { $currency }. ممو در آن نیست: ممو <code>{ $memo }</code> را خودتان وارد کنید، وگرنه واریزتان ممکن است از دست برود.

## create outcomes
history-unconfirmed = ⚠️ <b>تأییدنشده</b>: ممکن است سرویس تبادل برای این درخواست‌ها تبادلی ایجاد کرده باشد، اما هرگز شناسه‌اش را به من نداد، پس نمی‌توانم آن را اینجا نشان دهم یا پیگیری کنم. برای این‌ها هرگز آدرس واریزی به شما نداده‌ام: چیزی برایشان نفرستید. اگر مشکلی هست، این پیام را برای ما فوروارد کنید.
history-unconfirmed-line = • { $time }، شناسهٔ پیگیری <code>{ $reference }</code>
support-request-title = <b>درخواست ایجاد</b> <code>{ $reference }</code>
support-request-unknown = ⚠️ <b>نتیجه نامعلوم</b>: ممکن است درخواست به سرویس تبادل رسیده باشد، و هیچ پاسخی مشخص نکرد که تبادلی ایجاد شده است یا نه. ربات شناسهٔ تبادلی برای آن ندارد، پس پیگیری نمی‌شود، و هیچ آدرس واریزی به مشتری نشان داده نشد.
support-request-in-flight = ⏳ <b>هنوز پاسخی نیامده</b>: ممکن است درخواست هنوز در راه باشد (کمتر از { $minutes } دقیقه از آن گذشته است).
support-request-failed = ❌ سرویس تبادل آن را <b>رد کرد</b>؛ چیزی ایجاد نشد.
support-request-created = ✅ <b>ایجاد شد</b>: تبادل <code>{ $id }</code>.
support-request-reason = آخرین پاسخ: { $reason }
support-request-owner = درخواست‌دهنده: کاربر <code>{ $id }</code> (@{ $username }، زبان { $language })
support-request-at = زمان درخواست: { $time } UTC
support-request-no-details = این درخواست پیش از آن ثبت شده که ربات جزئیات هر درخواست را نگه دارد: جفت‌ارز، مقدار، ارائه‌دهنده و آدرس در خط لاگ «createTransaction failed» با همین شناسهٔ پیگیری آمده است.
support-request-asked = درخواست‌شده: { $amount } { $from } → { $to } از طریق { $provider } ({ $type })
support-stats-unknown = ایجادهای با نتیجهٔ نامعلوم (ممکن است تبادلی وجود داشته باشد، بدون شناسه): { $count }
support-late-none = هیچ تبادلی کندتر از معمول نیست.
support-late-title = <b>کندتر از معمول</b> ({ $count })، طولانی‌ترین‌ها اول:
support-late-line = • <code>{ $id }</code> · «{ $status }» از { $since } UTC · { $provider }
support-stats-exchange-ok = سرویس تبادل: در دسترس
support-stats-exchange-down = ⚠️ سرویس تبادل: از { $since } UTC <b>در دسترس نیست</b> ({ $reason }): { $detail }

## tracker: never silent
tracking-stopped-not-found = ⚠️ <b>پیگیری تبادل را متوقف کردم</b> (<code>{ $id }</code>): سرویس تبادل مدام پاسخ می‌دهد که آن را پیدا نمی‌کند.
tracking-stopped-stalled = ⚠️ <b>پیگیری تبادل را متوقف کردم</b> (<code>{ $id }</code>): از { $since } وضعیتش «{ $status }» مانده است.
tracking-stopped-what-to-do = متوقف شدن پیگیری من به معنای از دست رفتن دارایی شما نیست. اگر واریز کرده‌اید یا هنوز منتظر دریافت هستید، با پشتیبانی { $provider } تماس بگیرید و شناسهٔ تبادل <code>{ $id }</code> را به آن‌ها بدهید. دکمهٔ «به‌روزرسانی» روی کارت تبادل همچنان وضعیتش را نشان می‌دهد.
card-tracking-stopped = ⚠️ پیگیری این تبادل را در { $time } متوقف کردم: { $reason }. اگر دارایی‌تان نرسیده است، با شناسهٔ تبادل به پشتیبانی { $provider } پیام دهید. برای دیدن وضعیتش روی «به‌روزرسانی» بزنید.
tracking-reason-not-found = سرویس تبادل نتوانست آن را پیدا کند
tracking-reason-stalled = وضعیتش دیگر تغییر نکرد
tracking-reason-unknown = دلیلی ثبت نشده است
support-lookup-stopped = از { $time } UTC پیگیری نمی‌شود: { $reason }

## Anti-phishing: /phrase, /verify
deposit-phrase =
    🔐 عبارت شما: <b>{ $phrase }</b>
    این پیام را فوروارد نکنید و عبارت را به هیچ‌کس، حتی پشتیبانی، نشان ندهید: برای پشتیبانی روی «🧾 برای پشتیبانی» بزنید.
phrase-none =
    هنوز عبارت ضدفیشینگ ندارید.

    با <code>/phrase کلمات خودتان</code> یکی تعیین کنید. از آن به بعد، هر پیامی از من که نشان می‌دهد رمزارزتان را به کجا بفرستید، این عبارت را دارد. رباتی که پیام‌های مرا تقلید می‌کند آن را نمی‌داند: آدرس واریزی که بدون عبارت شما نشان داده شود، از طرف من نیست.
phrase-current =
    عبارت ضدفیشینگ شما <b>{ $phrase }</b> است. هر پیامی از من که نشان می‌دهد رمزارزتان را به کجا بفرستید، این عبارت را دارد.

    با <code>/phrase کلمات جدید</code> آن را تغییر دهید و با <code>/phrase off</code> حذفش کنید.
phrase-set = ✅ ذخیره شد. از این پس هر پیامی که آدرس واریز را نشان می‌دهد، <b>{ $phrase }</b> را هم دارد. پیام شما را پاک کردم تا عبارت در چت نماند. هرگز پیامی را که این عبارت در آن است فوروارد نکنید و آن را به هیچ‌کس نگویید: پشتیبانی هرگز آن را نمی‌پرسد. برای پشتیبانی، روی کارت تبادل «🧾 برای پشتیبانی» را بزنید و آن پیام را فوروارد کنید: آن پیام هرگز عبارت شما را ندارد.
phrase-removed = عبارت ضدفیشینگ شما حذف شد.
phrase-invalid = عبارت شما باید بین { $min } تا { $max ->
        [one] { $max } نویسه
       *[other] { $max } نویسه
    } باشد و نباید با «/» شروع شود. دوباره امتحان کنید: <code>/phrase کلمات خودتان</code>.
verify-usage = برای بررسی اینکه یک حساب همین ربات است یا پشتیبانی ما، <code>/verify @username</code> را بفرستید.
verify-bot = ✅ @{ $name } همین ربات است: تلگرام همین الان آن را تأیید کرد.
verify-staff = ✅ @{ $name } یکی از کارکنان پشتیبانی ماست: تلگرام همین الان، از روی حسابش، آن را تأیید کرد.
verify-unknown = ⚠️ @{ $name } این ربات <b>نیست</b> و پشتیبانی ما هم <b>نیست</b>. به آن رمزارز، کلید یا عبارت بازیابی نفرستید.
verify-unavailable = همین الان نتوانستم از تلگرام بپرسم، پس نمی‌توانم هیچ حسابی را تأیید کنم. یک دقیقهٔ دیگر دوباره امتحان کنید؛ تا آن موقع به هیچ حسابی که اول به شما پیام می‌دهد اعتماد نکنید.
verify-reminder = پشتیبانی ما هرگز اول پیام نمی‌دهد و هرگز کلید، رمز عبور یا عبارت بازیابی نمی‌خواهد.
command-phrase = عبارت ضدفیشینگ
command-verify = این حساب همین ربات است یا پشتیبانی ما؟

## Card: for support, swap again
button-receipt = 🧾 برای پشتیبانی
button-swap-again = 🔁 تبادل دوباره
receipt-title = 🧾 <b>برای پشتیبانی</b> · تبادل { $id }
receipt-provider = ارائه‌دهنده: { $provider } ({ $type })
receipt-created = ایجاد: { $time }
receipt-amounts = ارسال‌شده: { $sent } { $from } → دریافت‌شده: { $receive } { $to }
receipt-quoted = پیشنهاد هنگام تأیید: حدود { $quoted } { $to }
receipt-deposit = آدرس واریز (سابقه‌ای برای پشتیبانی، نه جایی برای پرداخت): { $address } · ممو: { $memo }
receipt-deposit-none = آدرس واریز: هنوز کامل نیست (نشان داده نمی‌شود)
receipt-to = آدرس دریافت: { $address } · ممو: { $memo }
receipt-refund = آدرس بازگشت وجه: { $address }
receipt-hashes = هش واریز: { $hashIn } · هش ارسال به شما: { $hashOut }
receipt-status = وضعیت: { $status } ({ $raw })
receipt-history = تاریخچهٔ وضعیت:
receipt-tracking-stopped = پیگیری در { $time } متوقف شد: { $reason }
receipt-footer = این پیام را برای پشتیبانی فوروارد کنید: هر چه لازم دارند در آن هست و هیچ اطلاعات محرمانه‌ای ندارد. عبارت ضدفیشینگ شما هرگز در آن نیست: هرگز پیامی را که آن عبارت را دارد فوروارد نکنید. پشتیبانی هرگز اول پیام نمی‌دهد.

## Export
export-empty = هنوز تبادلی برای خروجی گرفتن ندارید. برای شروع، /exchange را بفرستید.
export-caption = 📄 { $count ->
    [one] تبادل شما
   *[other] { $count } تبادل شما
} در قالب فایل CSV (زمان‌ها به UTC)، برای سوابق خودتان یا نرم‌افزار مالیاتی‌تان.
command-export = تبادل‌های شما در قالب فایل CSV

## Address book
button-save-address = 💾 ذخیرهٔ این آدرس دریافت
addresses-ask-label = این آدرس را چه بنامم؟ یک نام کوتاه بفرستید (حداکثر { $max ->
        [one] { $max } نویسه
       *[other] { $max } نویسه
    })، مثلاً <i>Ledger</i> یا <i>حساب صرافی</i>.
addresses-ask-rename = نام جدید برای <b>{ $label }</b> (حداکثر { $max ->
        [one] { $max } نویسه
       *[other] { $max } نویسه
    }):
addresses-label-invalid = نام باید ۱ تا { $max ->
        [one] { $max } نویسه
       *[other] { $max } نویسه
    } در یک خط باشد. نام دیگری بفرستید، یا برای انصراف یک دستور بفرستید.
addresses-saved = 📒 با نام <b>{ $label }</b> ذخیره شد. در مرحلهٔ وارد کردن آدرس برای { $network }، به‌صورت یک دکمه نشان داده می‌شود.
addresses-renamed = ✅ نام به <b>{ $label }</b> تغییر کرد.
addresses-already = از قبل با نام { $label } در دفترچهٔ آدرس شما هست.
addresses-full = دفترچهٔ آدرس شما پر است ({ $max ->
        [one] { $max } آدرس
       *[other] { $max } آدرس
    }). اول یکی را در /addresses حذف کنید.
addresses-empty = دفترچهٔ آدرس شما خالی است. بعد از هر تبادل موفق، پیشنهاد می‌دهم آدرس دریافتش را ذخیره کنید.
addresses-title = <b>📒 آدرس‌های شما</b>
addresses-memo = ممو <code>{ $memo }</code>
addresses-footer = برای تغییر نام روی ✏️ و برای حذف روی 🗑 بزنید.
addresses-deleted = حذف شد.
flow-address-book-hint = یا روی یکی از آدرس‌های ذخیره‌شده‌تان بزنید:
address-saved-invalid = آدرس ذخیره‌شدهٔ <b>{ $label }</b> دیگر یک آدرس معتبر { $network } نیست. لطفاً آدرس را تایپ کنید.
command-addresses = آدرس‌های ذخیره‌شدهٔ شما

## Rate alerts
alert-usage =
    تعیین هشدار نرخ: <code>/alert 0.5 btc eth 17.2</code> وقتی بشود با ۰٫۵ بیت‌کوین دست‌کم ۱۷٫۲ اتر گرفت، به شما خبر می‌دهد.
    شبکه‌ها مثل /rate: <code>usdt-trx</code> یا <code>usdt trx</code>. هشدارهای شما: /alerts.
alert-created = 🔔 وقتی بشود با { $amount } { $from } دست‌کم <b>{ $target } { $to }</b> گرفت، به شما خبر می‌دهم. حداکثر هر { $minutes } دقیقه یک بار بررسی می‌کنم، هر وقت سرویس تبادل پس از استعلام‌ها و تبادل‌ها ظرفیت خالی داشته باشد (در روزهای شلوغ، کمتر)؛ هشدار پس از { $days ->
        [one] { $days } روز
       *[other] { $days } روز
    } پایان می‌یابد. هشدارهای شما: /alerts.
alert-too-many = شما همین حالا { $max ->
        [one] { $max } هشدار
       *[other] { $max } هشدار
    } دارید، یعنی بیشترین تعدادی که برای هر نفر نگه می‌دارم. اول یکی را در /alerts حذف کنید.
alert-reached = 🔔 <b>هشدار نرخ</b>: اکنون با { $amount } { $from } می‌شود <b>{ $receive } { $to }</b> گرفت (بهترین پیشنهاد، { $provider })، یعنی دست‌کم همان { $target } که خواسته بودید. این هشدار پایان یافت؛ استعلام جدید ممکن است کمی فرق کند.
alert-exchange-button = 🔄 تبادل همین حالا
alert-expired = ⌛ هشدار نرخ شما برای { $amount } { $from } → دست‌کم { $target } { $to } پس از { $days ->
        [one] { $days } روز
       *[other] { $days } روز
    }، بی‌آنکه نرخ به آن برسد، پایان یافت.
alerts-empty = هیچ هشدار نرخی ندارید. با <code>/alert 0.5 btc eth 17.2</code> یکی تعیین کنید.
alerts-title = <b>🔔 هشدارهای نرخ شما</b>
alerts-line = { $n }. { $amount } { $from } → دست‌کم { $target } { $to } · تا { $until }
alerts-removed = هشدار حذف شد.
flow-alert-button = 🔔 تنظیم هشدار نرخ
flow-alert-ask = با { $amount } { $from } دست‌کم چه مقدار { $to } باید بشود گرفت تا خبرتان کنم؟ مقدار را بفرستید، مثلاً <code>{ $example }</code>.
command-alert = هشدار نرخ: /alert 0.5 btc eth 17.2
command-alerts = هشدارهای نرخ شما

## Deposit card: copy buttons (the app copies exactly what the card shows)
button-copy-amount = 📋 مقدار دقیق
button-copy-address = 📋 آدرس واریز
button-copy-memo = 📋 ممو (MEMO)

# Issue 32: how long a quote holds, and the next best offer after a refusal.
summary-quote-holds = ⏱ این نرخ { $seconds } ثانیه معتبر است: پس از آن، با زدن «تأیید»، نرخ پیش از ایجاد هر چیزی دوباره بررسی می‌شود.
summary-floating-means = نرخ شناور: مقداری که دریافت می‌کنید تا زمان تبادل رمزارزتان همراه با بازار تغییر می‌کند، پس ممکن است در نهایت کمی بیشتر یا کمتر شود.
summary-fixed-means = نرخ ثابت: ارائه‌دهنده متعهد می‌شود همان مقدار نشان‌داده‌شده را برایتان ارسال کند، به شرط آنکه دقیقاً مقدار بالا را به‌موقع بفرستید.
flow-next-best = { $refused } نتوانست این تبادل را انجام دهد. بهترین پیشنهاد بعدی، از <b>{ $provider }</b>، در پایین است: آن را بررسی کنید و اگر مناسب بود تأیید کنید.
flow-next-best-waiting = ⏳ در حال یافتن بهترین پیشنهاد بعدی برای شما.
flow-next-best-done = ✅ پیشنهادها رسید. برای دیدن بهترین پیشنهاد بعدی، دکمهٔ پایین را بزنید.
flow-next-best-wait = ⏳ هنوز در حال جست‌وجو هستم: به‌محض رسیدن پیشنهادها، دکمه‌ای همین‌جا ظاهر می‌شود.
button-see-offer = 👀 دیدن پیشنهاد
