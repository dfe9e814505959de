# Keys are prefixed by feature. Every value that comes from a person or the service is
# HTML-escaped before it is passed in.

## Start, menu, help, language

start-welcome =
    👋 <b>Hoş geldin, { $name }!</b>

    Kripto paraları bir takas toplayıcısı üzerinden takas ediyorum: birkaç sağlayıcının tekliflerini karşılaştırıyorum, sen birini seçiyorsun, ben de coin'lerini nereye göndereceğini söylüyorum. Üyelik gerekmez.

    Başlamak için <b>Takas</b> düğmesine dokun ya da /exchange yaz.

    🛡 Destek ekibimiz asla ilk mesajı atmaz ve asla anahtar ya da seed ifadesi istemez: herhangi bir hesabı /verify @kullaniciadi ile kontrol et.
menu-exchange = 🔄 Takas
menu-history = 📜 Takaslarım
menu-language = 🌐 Dil
menu-help = ❓ Yardım
help-text =
    <b>Nasıl çalışır?</b>
    1. Ne göndereceğini ve ne alacağını seç (belirli bir ağdaki bir para birimi).
    2. Tutarı gir ve teklifleri karşılaştır.
    3. Alıcı adresini gir (ağ gerektiriyorsa memoyu da).
    4. Onayla: takası oluşturup yatırma adresini gösteririm.
    5. Tam olarak gösterilen tutarı gönder. Durumdaki her değişikliği sana bildiririm.

    /exchange — takas başlat
    /history — takasların
    /export — takasların, CSV dosyası olarak
    /addresses — kayıtlı alıcı adreslerin
    /alert 0.5 btc eth 17.2 — 0.5 BTC karşılığında en az 17.2 ETH alınabildiğinde haber veririm; /alerts alarmlarını listeler
    /cancel — mevcut takastan çık
    /language — dili değiştir

    <b>Güvende kal</b>
    /phrase — bir anti-phishing ifadesi belirle: coin'lerini nereye göndereceğini gösteren her mesajımda bu ifade yer alır, mesajlarımı taklit eden sahte bir bot ise bunu yapamaz.
    /verify @kullaniciadi — bir hesabın bu bot mu yoksa destek ekibimiz mi olduğunu söyler. Destek ekibi asla ilk mesajı atmaz ve asla anahtar ya da seed ifadesi istemez.
language-pick = Dilini seç:
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
language-changed = ✅ Dil Türkçe olarak ayarlandı.
cancel-nothing = İptal edilecek bir şey yok. Takas başlatmak için /exchange yaz.
unknown-command = Bu komutu bilmiyorum. Neler yapabildiğimi görmek için /help yaz.
fallback-text = Takas başlatmak için /exchange, neler yapabildiğimi görmek için /help yaz.
button-expired = Bu düğmenin süresi doldu.
sandbox-notice = 🧪 <i>Test ortamı (sandbox): buradaki hiçbir şey gerçek değil, hiçbir para hareket etmez.</i>

command-start = Ana menü
command-exchange = Takas başlat
command-history = Takaslarım
command-cancel = Mevcut takastan çık
command-language = Dili değiştir
command-help = Nasıl çalışır?

## History

history-empty = Henüz hiç takasın yok. Başlamak için /exchange yaz.
history-title = <b>Takasların</b>, en yeniden eskiye:
history-line = • { $amount } { $from } → { $to }: <b>{ $status }</b>
    <code>{ $id }</code>
history-button = { $n }. { $amount } { $from } → { $to }

## The exchange flow

flow-pick-from = Ne <b>göndermek</b> istiyorsun?
flow-pick-to = <b>{ $from }</b> gönderiyorsun. Karşılığında ne <b>almak</b> istiyorsun?
flow-pick-hint = Bir para birimine dokun ya da sembolünü veya adını yaz: <code>usdt</code>, <code>tether</code>; ya da sembolü ağıyla birlikte yaz: <code>usdt trx</code>.
flow-pick-hint-recent = Son kullandığın çiftlerden birine ya da bir para birimine dokun, veya sembolünü ya da adını yaz (örneğin <code>usdt</code>, <code>usdt trx</code>).
flow-pick-network = <b>{ $symbol }</b> ({ $name }) birden fazla ağda var. Hangisi?
flow-back-to-list = « Popüler para birimleri
flow-matches = “{ $query }” ile eşleşen para birimleri:
flow-nothing-found = “{ $query }” adında bir para birimi bulamadım.
flow-did-you-mean = Bunlardan birini mi demek istedin?
flow-same-currency = { $currency } kendisiyle takas edilemez. Almak için başka bir para birimi seç.
flow-unknown-command = Bu komut burada çalışmıyor. Takastan çıkmak için /cancel yaz.
flow-text-expected = Lütfen cevabını yaz ya da bir düğmeye dokun.
flow-step-again = Bu adımda verdiğin cevapların çoğu uygun değildi, bu yüzden bu adıma baştan başlıyoruz. Daha önce seçtiklerin korunuyor; /cancel ile takastan çıkabilirsin.
flow-tap-a-button = Lütfen yukarıdaki düğmelerden birine dokun.
flow-cancelled = Takas iptal edildi. Daha önce oluşturduğun takaslar /history içinde.
start-flow-closed = Hazırladığın takası kapattım; hiçbir şey oluşturulmadı. /exchange ile yeniden başla; daha önce oluşturduğun takaslar /history içinde.
start-flow-closed-created = Hazırladığın takası kapattım. <code>{ $id }</code> takası oluşturuldu ve açık kalıyor: takas servisi yatırma bilgilerini verdiğinde sana yazacağım. Takas /history içinde.
flow-cancelled-created = <code>{ $id }</code> takası zaten oluşturuldu, bu yüzden iptal edilmedi: ona para göndermediğin sürece senden hiçbir şey alınmaz. Takas servisi yatırma bilgilerini verdiğinde sana yazacağım; takas /history içinde.
flow-too-large = ⌛ Hazırladığın takas, saklayabileceğimden fazla uzadı (karşılıklı çok fazla mesaj), bu yüzden kapattım. Yeniden başlamak için /exchange yaz; daha önce oluşturduğun takaslar /history içinde.
flow-too-large-created = ⌛ Bu takasla ilgili konuşmamız, saklayabileceğimden fazla uzadı (karşılıklı çok fazla mesaj), bu yüzden kapattım. <code>{ $id }</code> takası oluşturuldu ve açık kalıyor: takas servisi yatırma bilgilerini verdiğinde sana yazacağım. Takas /history içinde.
flow-timeout = ⌛ Hazırladığın takas 30 dakika boyunca yarım kaldı, bu yüzden kapattım. Yeniden başlamak için /exchange yaz; daha önce oluşturduğun takaslar /history içinde.
flow-timeout-created = ⌛ Benimle bu konuşma 30 dakika boyunca yarım kaldı, bu yüzden kapattım. <code>{ $id }</code> takası oluşturuldu ve açık kalıyor: takas servisi yatırma bilgilerini verdiğinde sana yazacağım. Takas /history içinde.

flow-ask-amount = Ne kadar <b>{ $from }</b> göndermek istiyorsun? Örneğin <code>0.5</code>.
amount-empty = Lütfen bir tutar yaz, örneğin <code>0.5</code>.
amount-not-a-number = Bunu bir sayı olarak okuyamadım. <code>0.5</code> ya da <code>1 000</code> gibi bir tutar yaz.
amount-zero = Tutar sıfırdan büyük olmalı.
amount-negative = Tutar negatif olamaz.
amount-exponent = Lütfen tutarı üs kullanmadan, tam olarak yaz (<code>1e5</code> gibi değil).
amount-too-many-decimals = Ondalık kısımda çok fazla basamak var: virgülden (ya da noktadan) sonra en fazla { $decimals ->
        [one] { $decimals } basamak
       *[other] { $decimals } basamak
    } kabul ediyorum.
amount-too-large = Bu tutar çok büyük. Lütfen kontrol edip yeniden yaz.
amount-ambiguous = <code>{ $input }</code> içindeki ayırıcının binlikleri mi ayırdığını, yoksa ondalık kısmı mı başlattığını anlayamıyorum: iki türlü de yazılıyor. Lütfen ya tam sayıyı ayırıcısız yaz (<code>1234</code>) ya da ondalıklı sayının sonuna bir sıfır daha ekle (<code>1,2340</code>).

queue-position = ⏳ Takas servisi yoğun: sıradaki yerin { $position }, yaklaşık { $seconds } sn.
create-rate-limited = ⏳ Takas servisi beklememi istedi: takasın henüz oluşturulmadı. Yaklaşık { $seconds } sn sonra tekrar deneyeceğim.
flow-offers-loading = ⏳ { $amount } { $from } → { $to } için teklifler alınıyor…
flow-recheck-waiting = ⏳ Aldığın kur bir dakikadan eski: takası oluşturmadan önce teklifi yeniden kontrol ediyorum.
flow-recheck-done = ✅ Teklif kontrol edildi. Devam etmek için “Onayla” düğmesine dokun.
flow-recheck-wait = ⏳ Teklif hâlâ kontrol ediliyor: biter bitmez burada bir “Onayla” düğmesi göstereceğim.
flow-offers-header = <b>{ $amount } { $from } → { $to }</b>
flow-quote-age = Teklifler, en iyisi en üstte · kur zamanı { $time } ({ $seconds } sn önce)
flow-offer-line = { $rank }. <b>{ $provider }</b>: { $receive } { $to }{ $versus } · { $type }
    {"    "}limitler: { $min } – { $max } { $from }
rate-floating = değişken kur
rate-fixed = sabit kur
limit-none = üst limit yok
offer-versus-best = ({ $percent })
flow-offer-button = { $provider } · { $receive } { $currency }
tag-recommended = ⭐ Önerilen
tag-ai-best-rate = 🤖 Yapay zekâya göre en iyi kur
tag-best-rate = 💰 En iyi kur
tag-best-in-kyc = 🛡 En az kimlik doğrulama (KYC)
button-refresh = 🔄 Yenile
button-retry = 🔁 Tekrar dene
flow-change-amount = ✏️ Tutarı değiştir
flow-change-from = Göndereceğimi değiştir
flow-change-to = Alacağımı değiştir
flow-pair-invalid = Bu çift takas edilemiyor: { $from } → { $to }. Lütfen başka bir para birimi seç.
flow-below-minimum = { $amount } { $from }, sağlayıcıların bu çift için kabul ettiği minimumun altında. Lütfen daha büyük bir tutar gir.
flow-no-offers = Şu anda hiçbir sağlayıcı { $from } → { $to } için teklif vermiyor. Başka bir tutar ya da başka bir çift dene.
flow-offer-out-of-limits = { $provider }, { $min } ile { $max } { $currency } arasındaki tutarları kabul ediyor; sen { $amount } girdin. Başka bir teklif seç ya da tutarı değiştir.
error-unavailable = Takas servisi şu anda yanıt vermiyor. Seçimlerin korunuyor: biraz sonra tekrar dene.
exchange-unavailable = ⚠️ Takas servisi şu anda kullanılamıyor, bu yüzden kur veremiyor ve takas oluşturamıyorum. Lütfen daha sonra tekrar dene; daha önce oluşturduğun takaslar /history içinde.
error-rate-limited = Takas servisi yoğun. Seçimlerin korunuyor: { $seconds } sn sonra tekrar dene.
error-queue-full = ⏳ Takas servisi için sırada bekleyen { $count ->
        [one] bir kur sorgun
       *[other] { $count } kur sorgun
    } zaten var. Seçimlerin korunuyor: ilki geldikten sonra, yaklaşık { $seconds } sn içinde tekrar dene.
error-refused = Takas servisi bunu reddetti: { $reason }
error-refused-plain = Takas servisi bunu reddetti.
error-forbidden = Takas servisi şimdilik bu botun bu isteğe erişmesine izin vermiyor. Seçimlerin korunuyor: bir süre sonra tekrar dene; sorun sürerse destek ekibimize yaz.

flow-ask-address = Coin'lerini almak istediğin <b>{ $network }</b> ağındaki <b>{ $currency }</b> adresini gönder.
    Adresi cüzdanından kopyala; ağı iki kez kontrol et.
address-empty = Lütfen adresi metin olarak gönder.
address-too-long = Bu, { $network } ağındaki bir adres için fazla uzun. Lütfen kontrol et.
address-whitespace = Adreslerde boşluk ya da satır sonu olmaz. Lütfen yalnızca adresi gönder.
address-unprintable = Bu metinde gizli ya da alışılmadık karakterler var; hiçbir gerçek adreste bunlar olmaz. Lütfen adresi yeniden kopyala.
address-invalid-format = Bu, { $network } ağında geçerli bir adres değil. Bu ağa ait olduğundan emin ol ve adresi yeniden kopyala.
address-burn-address = Bu bir yakım (burn) adresi: oraya gönderilenleri kimse bir daha harcayamaz, yani coin'lerin kaybolur. Lütfen kendi cüzdan adresini gönder.
address-token-contract = Bu bir cüzdan değil, { $token } token kontratı: token kontratına gönderilen coin'ler kalıcı olarak kaybolur. Lütfen kendi cüzdanının adresini gönder (cüzdanın onu “Al” ya da “Receive” bölümünde gösterir).
flow-address-unchecked = ⚠️ { $network } ağındaki adresleri kontrol edemiyorum: yazım hatası olan bir adres de kabul edilir. Adresi cüzdanından kopyala ve onaylamadan önce karakter karakter karşılaştır.

flow-ask-memo =
    ⚠️ <b>{ $network } ağı, { $currency } için memo (hedef etiketi / destination tag) ister</b>.
    Borsalar ve emanet cüzdanlar, gelen parayı hesabına bu memoya göre geçirir: <b>doğru memo olmadan paran kaybolabilir.</b>

    Cüzdanının gösterdiği memoyu yaz; kendi cüzdanın gerçekten memo istemiyorsa düğmeye dokun.
flow-no-memo = Cüzdanım memo istemiyor
flow-no-memo-sure = Emin misin? Memosuz yalnızca alıcı cüzdan sana aitse ve memo istemiyorsa gönder. Borsalar ve emanet cüzdanlar { $network } ağında <b>her zaman</b> memo ister.
flow-no-memo-yes = Evet, memosuz gönder
flow-no-memo-back = Hayır, memoyu yazacağım
flow-type-memo = Lütfen memoyu yaz.
memo-too-long = Bu memo { $network } için fazla uzun. Lütfen kontrol et.
memo-unprintable = Bu memoda gizli ya da alışılmadık karakterler var. Lütfen memoyu yeniden kopyala.
memo-invalid-format = Bu, { $network } için geçerli bir memo değil. Lütfen kontrol et.
memo-encrypted = { $network } ağında # ile başlayan bir memo şifreli gönderilir ve alıcı borsa onu okuyamaz. Lütfen memoyu # olmadan yaz.

summary-title = <b>Lütfen her şeyi kontrol et</b>
summary-send = Gönderiyorsun: <b>{ $amount } { $currency }</b>
summary-receive = Yaklaşık alacağın: <b>{ $amount } { $currency }</b>
summary-rate = Kur: 1 { $base } = { $rate } { $quote }
summary-provider = Sağlayıcı: { $provider } ({ $type })
summary-address = Alıcı adres ({ $network }): <code>{ $address }</code>
summary-address-compare = ⚠️ Bu ağdaki adresleri kontrol edemiyorum: yukarıdaki adresi cüzdanındakiyle karakter karakter karşılaştır.
summary-memo = Memo: <code>{ $memo }</code>
summary-no-memo = Memo: yok (cüzdanının memo istemediğini onayladın)
button-confirm = ✅ Onayla
button-change = ✏️ Değiştir
button-cancel = ✖️ İptal et
flow-change-what = Neyi değiştirmek istiyorsun?
change-from = Göndereceğim
change-to = Alacağım
change-amount = Tutar
change-offer = Teklif
change-address = Adres
change-memo = Memo
flow-offer-gone = ⚠️ { $provider } artık bu takası sunmuyor. Lütfen başka bir teklif seç.
flow-quote-changed = ⚠️ Sen baktıktan sonra teklif değişti: artık { $was } yerine yaklaşık <b>{ $receive } { $currency }</b> alacaksın. İşte yeni rakamlar: uygunsa yeniden onayla.
flow-quote-limits-changed = ⚠️ Teklifin limitleri değişti ve tutarın artık bu limitlere uymuyor. Lütfen yeniden bir teklif seç.
flow-create-unknown = ⚠️ Takasının oluşturulup oluşturulmadığını doğrulayamadım: isteği gönderdim ama takas servisi net bir yanıt vermedi, yani bir takas oluşturulmuş <b>olabilir</b>. Bu takas için elimde bir yatırma adresi yok: benden bir yatırma adresi görene kadar <b>hiçbir şey gönderme</b>. Bu isteği kendiliğimden yeniden denemeyeceğim; yeniden denemek için /exchange ile baştan başla. Destek için referans: <code>{ $reference }</code>, { $time }.
flow-create-in-flight = ⏳ Takasın şu anda oluşturuluyor olabilir: oluşturma isteği takas servisine ulaştı ve yanıtı henüz gelmedi. Yatırma bilgileri ya da servisin reddi, belli olur olmaz buraya gelecek; yeniden onaylaman gerekmiyor. Benden bir yatırma adresi görene kadar <b>hiçbir şey gönderme</b>. Destek için referans: <code>{ $reference }</code>, { $time }.
create-refused-later = ❌ Takas servisi onayladığın takası reddetti: takas <b>oluşturulmadı</b> ve coin'lerini bekleyen bir yatırma adresi yok, bu yüzden bunun için hiçbir şey gönderme. Yeniden denemek için /exchange ile baştan başla. Destek için referans: <code>{ $reference }</code>, { $time }.

created-title = ✅ <b>Takas oluşturuldu</b>
created-send = <b>{ $network }</b> ağında bu adrese tam olarak <code>{ $amount }</code> <b>{ $currency }</b> (yuvarlanmamış tam tutar: kopyalamak için dokun) gönder:
created-memo = ⚠️ <b>Bu memoyu mutlaka ekle, yoksa yatırdığın para kaybolabilir:</b> <code>{ $memo }</code>
created-tracking = Durum her değiştiğinde sana yazacağım.
created-repeat = 🔁 Önceki mesaj ulaşmamış olabilir diye yeniden gönderildi; ulaşmış da olabilir. Bilgiler aynı: parayı yalnızca bir kez gönder.
# A status message sent again after a send that may have arrived (it comes first, on a line of its own).
notice-repeat = 🔁 Önceki mesaj ulaşmamış olabilir diye yeniden gönderildi; ulaşmış da olabilir.
created-qr = { $currency } yatırma adresinin QR kodu

## Statuses, cards and the tracker's messages

status-waiting = ⏳ Yatırma işlemin bekleniyor
status-confirming = 🔎 Yatırma işlemin onaylanıyor
status-exchanging = 🔄 Takas ediliyor
status-sending = 📤 Adresine gönderiliyor
status-finished = ✅ Tamamlandı
status-failed = ❌ Başarısız
status-refunded = ↩️ İade edildi
status-overdue = ⌛ Süresi doldu: zamanında yatırma yapılmadı
status-unknown = ❔ { $status }
card-title = 🔁 Takas <code>{ $id }</code>
card-pair = { $amount } { $from } → yaklaşık { $receive } { $to }
card-status = Durum: <b>{ $status }</b>
card-to = Alıcı adres: <code>{ $address }</code>
card-to-memo = Memo: <code>{ $memo }</code>
card-provider = Sağlayıcı: { $provider } ({ $type })
card-refund = İade şu adrese gönderildi: <code>{ $address }</code>
card-hash-from = Yatırma işlemin: { $link }
card-hash-to = Sana gönderim: { $link }
card-hash-refund = İade: { $link }
card-not-tracked = Bu takası artık kendiliğimden kontrol etmiyorum; durumunu görmek için “Yenile” düğmesine dokun.
card-updated = <i>Güncellendi: { $time }</i>
slow-title = ⏳ <b>Her zamankinden uzun sürüyor</b> · takas <code>{ $id }</code>
slow-confirming = { $sent } { $from } tutarındaki yatırman ulaştı ve { $network } ağının onaylarını bekliyor; bu genellikle yaklaşık { $minutes } dk sürer. Ağ yoğunken daha uzun sürer: bu normaldir, paran kaybolmadı.
slow-exchanging = { $provider } { $from } varlığını { $to } ile takas ediyor; bu genellikle yaklaşık { $minutes } dk sürer. Sağlayıcılar bazen takastan önce yatırmayı kontrol eder: daha uzun sürer, ama paran kaybolmadı.
slow-sending = { $provider } yaklaşık { $receive } { $to } tutarını <code>{ $address }</code> adresine gönderiyor; bu genellikle yaklaşık { $minutes } dk sürer. { $network } ağı yoğun olabilir.
slow-follow = Ağdaki yatırman: { $link }
slow-what-to-do = Şimdilik yapman gereken bir şey yok: takası izliyorum ve ilerlediğinde sana yazacağım. { $later } dk içinde hiçbir şey değişmezse takas ID'siyle yardım iste: karttaki { $button } düğmesine dokun ve o mesajı gönder.
card-late = ⚠️ Her zamankinden uzun: { $since } itibarıyla “{ $status }”.
change-title = <b>{ $status }</b> · takas <code>{ $id }</code>
change-waiting = Takas, { $sent } { $from } tutarındaki yatırma işlemini bekliyor.
change-confirming = { $sent } { $from } tutarındaki yatırma işlemin ulaştı ve onaylanıyor.
change-exchanging = Gönderdiğin { $from }, { $to } karşılığında takas ediliyor.
change-sending = Yaklaşık { $receive } { $to } şu adrese gönderiliyor: <code>{ $address }</code>.
change-finished = Tamamlandı: { $receive } { $to } şu adrese gönderildi: <code>{ $address }</code>.
change-failed = Takas başarısız oldu. Lütfen destek ekibine yaz ve takas ID'sini ver: <code>{ $id }</code>. Bu mesajı bize ilet ya da { $provider } destek ekibine yaz.
change-refunded = Yatırdığın para iade edildi.
change-refund-address = İade şu adrese gönderildi: <code>{ $refund }</code>.
received-vs-quote = { $direction ->
   *[less] Alınan: { $received } { $to }; teklifte yaklaşık { $quoted } yazıyordu: { $percent } daha az.
    [more] Alınan: { $received } { $to }; teklifte yaklaşık { $quoted } yazıyordu: { $percent } daha fazla.
    [same] Alınan: { $received } { $to }, teklif edildiği gibi.
}
change-overdue = Zamanında yatırma yapılmadığı için takasın süresi doldu. Artık bu takasın yatırma adresine hiçbir şey gönderme; /exchange ile yeni bir takas başlat.
change-unknown = Takas servisi bilmediğim bir durum bildiriyor. Kontrol etmeye devam ediyorum; durum değiştiğinde sana haber vereceğim.
history-page = Sayfa { $page } / { $pages }
status-not-found = Takasların arasında bu ID'ye sahip bir takas bulamıyorum. ID'yi kontrol et ya da /history listesine bak.
status-usage = Komuttan sonra takas ID'sini gönder, örneğin: <code>/status exolix-floating-abc123</code>
refresh-cooldown = Az önce yenilendi. { $seconds } sn sonra tekrar dene.
refresh-failed = Takas servisine ulaşılamadı; bildiklerimi gösteriyorum.
support-lookup-queue-full = ⏳ Takas servisi için sırada bekleyen { $count ->
        [one] bir isteğin
       *[other] { $count } isteğin
    } zaten var, bu yüzden burada canlı durumu değil, yalnızca bildiklerimi görüyorsun. Yaklaşık { $seconds } sn sonra yeniden sorgula.
refresh-queue-full = ⏳ Takas servisi için sırada bekleyen { $count ->
        [one] bir isteğin
       *[other] { $count } isteğin
    } zaten var, bu yüzden bu kart yenilenmedi. Yaklaşık { $seconds } sn sonra “Yenile” düğmesine yeniden bas.
button-funds-sent = 📨 Gönderimi yaptım
funds-sent-thanks = Teşekkürler! Önümüzdeki { $minutes } dakika boyunca yatırma işlemini { $seconds ->
        [60] her dakika
       *[other] her { $seconds } saniyede bir
    } kontrol edeceğim ve ulaştığı anda sana haber vereceğim.

## Support staff

support-lookup-unknown = Bu ID ile ne bu botta ne de takas servisinde bir takas var. ID'yi yapıştır ya da müşteriden bu takasın 🧾 Destek için mesajını iste (asla kartı değil: kartta müşterinin anti-phishing ifadesi görünebilir).
support-user-unknown = Böyle bir kullanıcı yok. Kullanıcının Telegram id'sini ya da @kullanıcı adını gönder.
support-user-title = <b>Kullanıcı { $id }</b> (@{ $username }, dil { $language }): { $count ->
        [one] { $count } takas
       *[other] { $count } takas
    }, en yeniden eskiye:
support-lookup-owner = Oluşturan kullanıcı: <code>{ $id }</code> (@{ $username }, dil { $language })
support-lookup-created = Oluşturulma: { $time } UTC
support-lookup-tracked = Takip ediliyor: sonraki kontrol { $time } UTC
support-lookup-not-tracked = Artık takip edilmiyor
support-lookup-history = <b>Durum geçmişi</b> (UTC):
support-stats =
    <b>İstatistikler</b>
    Kullanıcılar: { $users }
    Duruma göre takaslar: { $exchanges }
    Son bir saatteki servis çağrıları: takas oluşturma { $create }, kullanıcı istekleri { $user }, durum sorguları { $poll }, katalog { $catalogue }, kur alarmları { $alert }
    Servisten gelen 429 yanıtları: { $limited }
    Takip: { $tracked } takas takipte, { $due } tanesinin kontrol zamanı geldi

## Quotes in groups and inline mode

rate-usage = Kullanım: <code>/rate 0.5 btc usdt</code> · ağ seçmek için <code>usdt-trx</code> ya da <code>usdt trx</code>
rate-admins-only = Bu grupta yalnızca yöneticiler kur sorabilir.
rate-main-network = { $symbol }, ana ağı olan { $network } üzerinde
rate-pair-invalid = Bu çift takas edilemiyor.
rate-below-minimum = Tutar bu çiftin minimumunun altında.
rate-forbidden = Takas servisi şu anda bu bota bu çift için kur vermiyor (erişim yok). Bir süre sonra tekrar dene.
rate-slow-down = ⏳ Son bir dakikada birkaç yeni kur sordun: takas servisi herkese toplamda dakikada yalnızca birkaç çağrı hakkı tanıyor. Lütfen { $seconds } sn bekle ve yeniden sor (az önce sorduğun tutarlar ya da onlardan en fazla %1 farklı olanlar hemen yanıtlanır).
rate-queue-full = ⏳ Takas servisi için sırada bekleyen { $count ->
        [one] bir kur sorgun
       *[other] { $count } kur sorgun
    } zaten var. İlki yaklaşık { $seconds } sn içinde gelir: ondan sonra yeniden sor.
rate-offer-line = { $rank }. <b>{ $provider }</b>: { $receive } { $to }{ $versus } · { $type }
rate-offer-out-of-limits = { $rank }. <b>{ $provider }</b>: bu tutar limitlerinin dışında ({ $min } – { $max } { $from })
rate-out-of-limits-short = limitlerin dışında
rate-offer-title = { $estimated ->
        [yes] { $provider }: ≈ { $receive } { $currency }
       *[no] { $provider }: { $receive } { $currency }
    }
rate-estimated = <i>≈ { $amount } { $from } için alınan kurdan tahmin edildi: tam bu tutarın rakamları biraz farklı olabilir.</i>
rate-limits = En iyi teklifin limitleri: { $min } – { $max } { $from }
rate-time = <i>Kur zamanı: { $time }</i>
rate-exchange-button = 🔄 Özel sohbette takas et
settings-title = <b>Grup ayarları</b>: kimlerin kur sorabileceği ve burada hangi dilde yanıt vereceğim.
settings-admins-only = Bu ayarları yalnızca grup yöneticileri değiştirebilir.
settings-everyone = Herkes
settings-admins = Yalnızca yöneticiler
inline-summary-title = { $amount } { $from } → { $to }
inline-hint-title = Bir tutar ve iki para birimi yaz
inline-unavailable-title = Takas servisi şu anda kullanılamıyor
inline-slow-down-title = Çok fazla yeni kur sorgusu: { $seconds } sn bekle
inline-hint-description = Örneğin: 0.5 btc usdt
command-status = Bir takasın durumu (ID ile)
command-rate = Kur: /rate 0.5 btc usdt
command-settings = Grup ayarları (yöneticiler)
command-lookup = Destek: takas sorgula
command-user = Destek: kullanıcının takasları
command-stats = Destek: istatistikler
command-late = Destek: her zamankinden uzun süren takaslar
support-lookup-foreign = <i>Bu bot üzerinden oluşturulmadı: yalnızca takas servisinin bildirdikleri.</i>

## deposit details
deposit-missing-address = ⚠️ <b>Takas servisi yatırma adresini henüz vermedi.</b> Ben burada gösterene kadar hiçbir şey gönderme.
deposit-missing-memo = ⚠️ <b>Takas servisi yatırma memosunu henüz vermedi.</b> { $network } ağında memosuz yapılan bir yatırma kaybolabilir, bu yüzden adresi göstermiyorum: ikisini birden gösterene kadar hiçbir şey gönderme.
deposit-incomplete-choices = Servise yeniden sormak için <b>Tekrar dene</b>, vazgeçmek için <b>Çık</b> düğmesine dokun: takas /history içinde kalır ve yatırma bilgileri geldiğinde sana yazacağım.
deposit-ready = 📬 <code>{ $id }</code> takasının yatırma bilgileri geldi. Yalnızca aşağıda gösterildiği gibi gönder.
button-leave = Çık
created-qr-memo = { $currency } yatırma adresinin QR kodu. Memoyu içermez: <code>{ $memo }</code> memosunu kendin gir, yoksa yatırdığın para kaybolabilir.

## create outcomes
history-unconfirmed = ⚠️ <b>Doğrulanmadı</b>: bu istekler için takas servisi bir takas oluşturmuş olabilir, ama bana hiçbir zaman ID'sini vermedi; bu yüzden burada gösteremiyor ve takip edemiyorum. Bunlar için sana hiçbir zaman yatırma adresi vermedim: bunlar için hiçbir şey gönderme. Bir sorun varsa bu mesajı bize ilet.
history-unconfirmed-line = • { $time }, referans <code>{ $reference }</code>
support-request-title = <b>Oluşturma isteği</b> <code>{ $reference }</code>
support-request-unknown = ⚠️ <b>Sonuç bilinmiyor</b>: istek takas servisine ulaşmış olabilir ve hiçbir yanıt bir takasın oluşturulup oluşturulmadığını söylemedi. Botta bunun için takas ID'si yok, bu yüzden takip edilmiyor ve müşteriye hiçbir yatırma adresi gösterilmedi.
support-request-in-flight = ⏳ <b>Henüz yanıt yok</b>: istek hâlâ yolda olabilir (gönderileli { $minutes } dakikadan az oldu).
support-request-failed = ❌ Takas servisi tarafından <b>reddedildi</b>; hiçbir şey oluşturulmadı.
support-request-created = ✅ <b>Oluşturuldu</b>: takas <code>{ $id }</code>.
support-request-reason = Son yanıt: { $reason }
support-request-owner = İsteyen kullanıcı: <code>{ $id }</code> (@{ $username }, dil { $language })
support-request-at = İstek zamanı: { $time } UTC
support-request-no-details = Bu istek, bot her isteğin ne istediğini saklamaya başlamadan önce yapıldı: çift, tutar, sağlayıcı ve adres, bu referansı içeren "createTransaction failed" log satırında.
support-request-asked = İstenen: { $amount } { $from } → { $to }, sağlayıcı { $provider } ({ $type })
support-stats-unknown = Sonucu bilinmeyen oluşturma istekleri (takas var olabilir, ID yok): { $count }
support-late-none = Her zamankinden uzun süren takas yok.
support-late-title = <b>Her zamankinden uzun sürenler</b> ({ $count }), en uzun süren önce:
support-late-line = • <code>{ $id }</code> · “{ $status }”, başlangıç: { $since } UTC · { $provider }
support-stats-exchange-ok = Takas servisi: erişilebilir
support-stats-exchange-down = ⚠️ Takas servisi: { $since } UTC'den beri <b>erişilemiyor</b> ({ $reason }): { $detail }

## tracker: never silent
tracking-stopped-not-found = ⚠️ <code>{ $id }</code> <b>takasını takip etmeyi bıraktım</b>: takas servisi onu bulamadığını söyleyip duruyor.
tracking-stopped-stalled = ⚠️ <code>{ $id }</code> <b>takasını takip etmeyi bıraktım</b>: durumu { $since } itibarıyla “{ $status }”.
tracking-stopped-what-to-do = Takibi bırakmam paranın kaybolduğu anlamına gelmez. Yatırma yaptıysan ya da hâlâ sana gönderim bekliyorsan, { $provider } destek ekibine yaz ve takas ID'sini ver: <code>{ $id }</code>. Takas kartındaki “Yenile” düğmesi durumu göstermeye devam eder.
card-tracking-stopped = ⚠️ Bu takası takip etmeyi bıraktım ({ $time }): { $reason }. Paran ulaşmadıysa takas ID'siyle birlikte { $provider } destek ekibine yaz. Durumunu görmek için “Yenile” düğmesine dokun.
tracking-reason-not-found = takas servisi onu bulamadı
tracking-reason-stalled = durumu artık değişmiyordu
tracking-reason-unknown = kayıtlı bir neden yok
support-lookup-stopped = { $time } UTC'den beri takip edilmiyor: { $reason }

## Anti-phishing: /phrase, /verify
deposit-phrase =
    🔐 İfaden: <b>{ $phrase }</b>
    Bu mesajı iletme ve ifadeyi kimseye gösterme, destek ekibine de: destek için 🧾 Destek için düğmesine dokun.
phrase-none =
    Henüz bir anti-phishing ifaden yok.

    <code>/phrase kendi kelimelerin</code> ile bir tane belirle. O andan itibaren coin'lerini nereye göndereceğini gösteren her mesajımda bu ifade yer alır. Mesajlarımı taklit eden bir bot onu bilemez: ifaden olmadan gösterilen bir yatırma adresi benden değildir.
phrase-current =
    Anti-phishing ifaden: <b>{ $phrase }</b>. Coin'lerini nereye göndereceğini gösteren her mesajımda bu ifade yer alır.

    <code>/phrase yeni kelimeler</code> ile değiştir, <code>/phrase off</code> ile kaldır.
phrase-set = ✅ Kaydedildi. Yatırma adresi gösteren her mesajda artık <b>{ $phrase }</b> yer alıyor. İfade sohbette kalmasın diye mesajını sildim. Bu ifadeyi gösteren bir mesajı asla iletme ve ifadeyi kimseye söyleme: destek ekibi onu asla sormaz. Destek için takas kartında 🧾 Destek için düğmesine dokun ve o mesajı ilet: o mesajda ifaden asla yer almaz.
phrase-removed = Anti-phishing ifaden kaldırıldı.
phrase-invalid = İfaden { $min } ile { $max ->
        [one] { $max } karakter
       *[other] { $max } karakter
    } arasında olmalı ve “/” ile başlamamalı. Tekrar dene: <code>/phrase kendi kelimelerin</code>.
verify-usage = Bir hesabın bu bot mu yoksa destek ekibimiz mi olduğunu kontrol etmek için <code>/verify @kullaniciadi</code> gönder.
verify-bot = ✅ @{ $name } bu bot: Telegram bunu az önce doğruladı.
verify-staff = ✅ @{ $name } destek ekibimizden biri: Telegram bunu az önce, hesabı üzerinden doğruladı.
verify-unknown = ⚠️ @{ $name } bu bot <b>değil</b> ve destek ekibimiz de <b>değil</b>. Ona coin, anahtar ya da seed ifadesi gönderme.
verify-unavailable = Şu anda Telegram'a soramadım, bu yüzden hiçbir hesabı doğrulayamıyorum. Bir dakika sonra tekrar dene; o zamana kadar sana ilk yazan hiçbir hesaba güvenme.
verify-reminder = Destek ekibimiz asla ilk mesajı atmaz ve asla anahtar, şifre ya da seed ifadesi istemez.
command-phrase = Anti-phishing ifadesi
command-verify = Bu hesap bu bot mu, destek ekibimiz mi?

## Card: for support, swap again
button-receipt = 🧾 Destek için
button-swap-again = 🔁 Yeniden takas et
receipt-title = 🧾 <b>Destek için</b> · takas { $id }
receipt-provider = Sağlayıcı: { $provider } ({ $type })
receipt-created = Oluşturuldu: { $time }
receipt-amounts = Gönderilen: { $sent } { $from } → alınan: { $receive } { $to }
receipt-quoted = Onayladığında teklif edilen: yaklaşık { $quoted } { $to }
receipt-deposit = Yatırma adresi (destek için kayıt, ödeme yapılacak yer değil): { $address } · memo: { $memo }
receipt-deposit-none = Yatırma adresi: henüz tamamlanmadı (gösterilmiyor)
receipt-to = Alıcı adres: { $address } · memo: { $memo }
receipt-refund = İade adresi: { $address }
receipt-hashes = Yatırma hash'i: { $hashIn } · gönderim hash'i: { $hashOut }
receipt-status = Durum: { $status } ({ $raw })
receipt-history = Durum geçmişi:
receipt-tracking-stopped = Takip durduruldu ({ $time }): { $reason }
receipt-footer = Bu mesajı destek ekibine ilet: ihtiyaç duydukları her şey içinde var, hiçbir gizli bilgi yok. Anti-phishing ifaden bu mesajda asla yer almaz: ifadeni içeren bir mesajı asla iletme. Destek ekibi asla ilk mesajı atmaz.

## Export
export-empty = Henüz dışa aktarılacak bir takasın yok. Başlamak için /exchange yaz.
export-caption = 📄 { $count ->
    [one] Takasın
   *[other] { $count } takasın
} CSV dosyası olarak (saatler UTC), kendi kayıtların ya da vergi programın için.
command-export = Takasların, CSV dosyası olarak

## Address book
button-save-address = 💾 Alıcı adresini kaydet
addresses-ask-label = Bu adrese ne ad verelim? Kısa bir ad gönder (en fazla { $max ->
        [one] { $max } karakter
       *[other] { $max } karakter
    }), örneğin <i>Ledger</i> ya da <i>Borsa hesabı</i>.
addresses-ask-rename = <b>{ $label }</b> için yeni ad (en fazla { $max ->
        [one] { $max } karakter
       *[other] { $max } karakter
    }):
addresses-label-invalid = Ad, tek satırda 1 ile { $max ->
        [one] { $max } karakter
       *[other] { $max } karakter
    } arasında olmalı. Başka bir ad gönder ya da vazgeçmek için bir komut gönder.
addresses-saved = 📒 <b>{ $label }</b> adıyla kaydedildi. { $network } için adres adımında bir düğme olarak görünecek.
addresses-renamed = ✅ Yeni adı: <b>{ $label }</b>.
addresses-already = Adres defterinde zaten { $label } adıyla kayıtlı.
addresses-full = Adres defterin dolu ({ $max ->
        [one] { $max } adres
       *[other] { $max } adres
    }). Önce /addresses içinden birini sil.
addresses-empty = Adres defterin boş. Başarılı bir takastan sonra alıcı adresini kaydetmeyi öneririm.
addresses-title = <b>📒 Adreslerin</b>
addresses-memo = memo <code>{ $memo }</code>
addresses-footer = Yeniden adlandırmak için ✏️, silmek için 🗑 düğmesine dokun.
addresses-deleted = Silindi.
flow-address-book-hint = Ya da kayıtlı adreslerinden birine dokun:
address-saved-invalid = Kayıtlı <b>{ $label }</b> adresi artık geçerli bir { $network } adresi değil. Bunun yerine adresi yaz.
command-addresses = Kayıtlı adreslerin

## Rate alerts
alert-usage =
    Kur alarmı oluştur: <code>/alert 0.5 btc eth 17.2</code>, 0.5 BTC karşılığında en az 17.2 ETH alınabildiğinde sana haber verir.
    Ağlar /rate komutundaki gibi: <code>usdt-trx</code> ya da <code>usdt trx</code>. Alarmların: /alerts.
alert-created = 🔔 { $amount } { $from } karşılığında en az <b>{ $target } { $to }</b> alınabildiğinde sana haber vereceğim. En fazla { $minutes } dakikada bir, takas servisinde kur sorgularından ve takaslardan sonra yer kaldıkça kontrol ediyorum (yoğun bir günde daha seyrek); alarm { $days ->
        [one] { $days } gün
       *[other] { $days } gün
    } sonra sona erer. Alarmların: /alerts.
alert-too-many = Zaten { $max ->
        [one] { $max } alarmın
       *[other] { $max } alarmın
    } var; kişi başına en fazla bu kadarını tutuyorum. Önce /alerts içinden birini kaldır.
alert-reached = 🔔 <b>Kur alarmı</b>: { $amount } { $from } karşılığında artık <b>{ $receive } { $to }</b> alınabiliyor (en iyi teklif, { $provider }); bu, istediğin { $target } değerine eşit ya da daha fazla. Bu alarm sona erdi; yeni bir kur biraz farklı olabilir.
alert-exchange-button = 🔄 Şimdi takas et
alert-expired = ⌛ { $amount } { $from } → en az { $target } { $to } kur alarmın, hedefe ulaşılamadan { $days ->
        [one] { $days } gün
       *[other] { $days } gün
    } sonra sona erdi.
alerts-empty = Hiç kur alarmın yok. <code>/alert 0.5 btc eth 17.2</code> ile bir tane oluştur.
alerts-title = <b>🔔 Kur alarmların</b>
alerts-line = { $n }. { $amount } { $from } → en az { $target } { $to } · bitiş: { $until }
alerts-removed = Alarm kaldırıldı.
flow-alert-button = 🔔 Kur alarmı oluştur
flow-alert-ask = { $amount } { $from } karşılığında en az ne kadar { $to } alınabildiğinde haber vereyim? Tutarı gönder, örneğin <code>{ $example }</code>.
command-alert = Kur alarmı: /alert 0.5 btc eth 17.2
command-alerts = Kur alarmların

## Deposit card: copy buttons (the app copies exactly what the card shows)
button-copy-amount = 📋 Tam tutar
button-copy-address = 📋 Yatırma adresi
button-copy-memo = 📋 Memo

# Issue 32: how long a quote holds, and the next best offer after a refusal.
summary-quote-holds = ⏱ Bu kur { $seconds } sn geçerli: bu süreden sonra “Onayla” düğmesine dokunduğunda, takası oluşturmadan önce kuru yeniden kontrol ederim.
summary-floating-means = Değişken kur: alacağın tutar, coin'lerin takas edilene kadar piyasayla birlikte değişir; bu yüzden sonunda biraz daha fazla ya da daha az olabilir.
summary-fixed-means = Sabit kur: yukarıdaki tutarı tam olarak ve zamanında gönderdiğin sürece, sağlayıcı gösterilen tutarı sana göndermeyi taahhüt eder.
flow-next-best = { $refused } bu takası yapamadı. Sıradaki en iyi teklif aşağıda, <b>{ $provider }</b> sağlayıcısından: kontrol et, uygunsa onayla.
flow-next-best-waiting = ⏳ Senin için sıradaki en iyi teklifi arıyorum.
flow-next-best-done = ✅ Teklifler geldi. Sıradaki en iyisini görmek için aşağıdaki düğmeye dokun.
flow-next-best-wait = ⏳ Hâlâ arıyorum: teklifler gelir gelmez burada bir düğme çıkacak.
button-see-offer = 👀 Teklifi gör
