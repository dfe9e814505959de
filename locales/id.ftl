# Kunci diberi awalan sesuai fitur. Setiap nilai yang berasal dari orang atau dari layanan
# sudah di-escape untuk HTML sebelum dimasukkan.

## Mulai, menu, bantuan, bahasa

start-welcome =
    👋 <b>Selamat datang, { $name }!</b>

    Saya menukar mata uang kripto lewat agregator penukaran: saya membandingkan penawaran dari beberapa penyedia, Anda memilih salah satunya, lalu saya beri tahu ke mana koin Anda harus dikirim. Tidak perlu mendaftar.

    Ketuk <b>Tukar</b> untuk memulai, atau ketik /exchange.

    🛡 Tim dukungan kami tidak pernah menghubungi Anda lebih dulu dan tidak pernah meminta kunci privat atau seed phrase: periksa akun mana pun dengan /verify @nama.
menu-exchange = 🔄 Tukar
menu-history = 📜 Penukaran saya
menu-language = 🌐 Bahasa
menu-help = ❓ Bantuan
help-text =
    <b>Cara kerjanya</b>
    1. Pilih apa yang Anda kirim dan apa yang ingin Anda terima (mata uang di jaringan tertentu).
    2. Masukkan jumlahnya dan bandingkan penawaran.
    3. Masukkan alamat penerima Anda (dan memo, jika jaringannya memerlukan memo).
    4. Konfirmasi: saya akan membuat penukaran dan menampilkan alamat deposit.
    5. Kirim tepat sejumlah yang ditampilkan. Saya akan memberi tahu Anda setiap kali status berubah.

    /exchange — mulai penukaran
    /history — penukaran Anda
    /export — penukaran Anda sebagai file CSV
    /addresses — alamat penerima yang Anda simpan
    /alert 0.5 btc eth 17.2 — beri tahu saya saat 0.5 BTC bisa ditukar dengan setidaknya 17.2 ETH; /alerts menampilkan daftarnya
    /cancel — keluar dari penukaran saat ini
    /language — ganti bahasa

    <b>Tetap aman</b>
    /phrase — atur frasa anti-phishing: setiap pesan saya yang menunjukkan ke mana koin Anda dikirim akan memuat frasa ini, sedangkan bot tiruan yang meniru pesan saya tidak bisa.
    /verify @nama — cek apakah sebuah akun adalah bot ini atau tim dukungan kami. Tim dukungan tidak pernah menghubungi Anda lebih dulu dan tidak pernah meminta kunci privat atau seed phrase.
language-pick = Pilih bahasa Anda:
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
language-changed = ✅ Bahasa diubah ke Bahasa Indonesia.
cancel-nothing = Tidak ada yang perlu dibatalkan. Ketik /exchange untuk memulai penukaran.
unknown-command = Saya tidak mengenal perintah itu. Ketik /help untuk melihat apa yang bisa saya lakukan.
fallback-text = Ketik /exchange untuk memulai penukaran, atau /help untuk melihat apa yang bisa saya lakukan.
button-expired = Tombol ini kedaluwarsa.
sandbox-notice = 🧪 <i>Penukaran sandbox (uji coba): tidak ada yang sungguhan di sini, tidak ada dana yang berpindah.</i>

command-start = Menu utama
command-exchange = Mulai penukaran
command-history = Penukaran saya
command-cancel = Keluar dari penukaran saat ini
command-language = Ganti bahasa
command-help = Cara kerjanya

## Riwayat

history-empty = Anda belum punya penukaran. Ketik /exchange untuk memulai.
history-title = <b>Penukaran Anda</b>, terbaru di atas:
history-line = • { $amount } { $from } → { $to }: <b>{ $status }</b>
    <code>{ $id }</code>
history-button = { $n }. { $amount } { $from } → { $to }

## Alur penukaran

flow-pick-from = Apa yang ingin Anda <b>kirim</b>?
flow-pick-to = Anda mengirim <b>{ $from }</b>. Apa yang ingin Anda <b>terima</b>?
flow-pick-hint = Ketuk mata uang, atau ketik simbol atau namanya: <code>usdt</code>, <code>tether</code>, atau simbol beserta jaringannya: <code>usdt trx</code>.
flow-pick-hint-recent = Ketuk salah satu pasangan terakhir Anda atau sebuah mata uang, atau ketik simbol atau namanya (misalnya <code>usdt</code>, <code>usdt trx</code>).
flow-pick-network = <b>{ $symbol }</b> ({ $name }) ada di beberapa jaringan. Jaringan yang mana?
flow-back-to-list = « Mata uang populer
flow-matches = Mata uang yang cocok dengan “{ $query }”:
flow-nothing-found = Saya tidak menemukan mata uang bernama “{ $query }”.
flow-did-you-mean = Apakah maksud Anda salah satu dari ini?
flow-same-currency = { $currency } tidak bisa ditukar dengan dirinya sendiri. Pilih mata uang lain untuk diterima.
flow-unknown-command = Perintah itu tidak berlaku di sini. Ketik /cancel untuk keluar dari penukaran.
flow-text-expected = Silakan ketik jawaban Anda atau ketuk tombol.
flow-step-again = Banyak jawaban Anda tidak sesuai untuk langkah ini, jadi saya menanyakannya lagi dari awal. Pilihan Anda sebelumnya tetap tersimpan; /cancel untuk keluar dari penukaran.
flow-tap-a-button = Silakan ketuk salah satu tombol di atas.
flow-cancelled = Penukaran dibatalkan. Penukaran yang sudah dibuat ada di /history.
start-flow-closed = Saya menutup penukaran yang sedang Anda siapkan; tidak ada yang dibuat. Mulai lagi dengan /exchange; penukaran yang sudah dibuat ada di /history.
start-flow-closed-created = Saya menutup penukaran yang sedang Anda siapkan. Penukaran <code>{ $id }</code> sudah dibuat dan tetap terbuka: saya akan mengabari Anda saat layanan memberikan detail depositnya. Penukaran ini ada di /history.
flow-cancelled-created = Penukaran <code>{ $id }</code> sudah telanjur dibuat, jadi tidak dibatalkan: tidak ada dana yang diambil selama Anda tidak mengirim dana ke sana. Saya akan mengabari Anda saat layanan memberikan detail depositnya; penukaran ini ada di /history.
flow-too-large = ⌛ Penukaran yang sedang Anda siapkan sudah terlalu panjang untuk saya simpan (terlalu banyak pesan bolak-balik), jadi saya menutupnya. Ketik /exchange untuk mulai lagi; penukaran yang sudah dibuat ada di /history.
flow-too-large-created = ⌛ Percakapan kita tentang penukaran ini sudah terlalu panjang untuk saya simpan (terlalu banyak pesan bolak-balik), jadi saya menutupnya. Penukaran <code>{ $id }</code> sudah dibuat dan tetap terbuka: saya akan mengabari Anda saat layanan memberikan detail depositnya. Penukaran ini ada di /history.
flow-timeout = ⌛ Penukaran yang sedang Anda siapkan dibiarkan selama 30 menit, jadi saya menutupnya. Ketik /exchange untuk mulai lagi; penukaran yang sudah dibuat ada di /history.
flow-timeout-created = ⌛ Percakapan ini dibiarkan selama 30 menit, jadi saya menutupnya. Penukaran <code>{ $id }</code> sudah dibuat dan tetap terbuka: saya akan mengabari Anda saat layanan memberikan detail depositnya. Penukaran ini ada di /history.

flow-ask-amount = Berapa <b>{ $from }</b> yang ingin Anda kirim? Misalnya <code>0.5</code>.
amount-empty = Silakan ketik jumlahnya, misalnya <code>0.5</code>.
amount-not-a-number = Saya tidak bisa membaca itu sebagai angka. Ketik jumlah seperti <code>0.5</code> atau <code>1 000</code>.
amount-zero = Jumlahnya harus lebih dari nol.
amount-negative = Jumlahnya tidak boleh negatif.
amount-exponent = Silakan tulis jumlahnya secara lengkap, tanpa eksponen (bukan <code>1e5</code>).
amount-too-many-decimals = Terlalu banyak angka desimal: saya menerima paling banyak { $decimals } angka di belakang koma (atau titik) desimal.
amount-too-large = Jumlah itu terlalu besar. Silakan periksa lalu ketik ulang.
amount-ambiguous = Saya tidak bisa memastikan apakah tanda pemisah di <code>{ $input }</code> adalah pemisah ribuan atau tanda desimal: keduanya sama-sama lazim. Tulis bilangan bulat tanpa tanda pemisah (<code>1234</code>), atau bilangan desimal dengan satu angka nol lagi di akhir (<code>1,2340</code>).

queue-position = ⏳ Layanan penukaran sedang sibuk: Anda di antrean nomor { $position }, sekitar { $seconds } detik.
create-rate-limited = ⏳ Layanan penukaran meminta saya menunggu: penukaran Anda belum dibuat. Saya akan mencoba lagi dalam sekitar { $seconds } detik.
flow-offers-loading = ⏳ Memuat penawaran untuk { $amount } { $from } → { $to }…
flow-recheck-waiting = ⏳ Kurs yang Anda lihat sudah berumur lebih dari satu menit: saya memeriksa ulang penawarannya sebelum membuat penukaran.
flow-recheck-done = ✅ Penawaran sudah diperiksa. Ketuk Konfirmasi untuk melanjutkan.
flow-recheck-wait = ⏳ Masih memeriksa penawaran: tombol Konfirmasi akan muncul di sini begitu selesai.
flow-offers-header = <b>{ $amount } { $from } → { $to }</b>
flow-quote-age = Penawaran, terbaik di atas · kurs pukul { $time } ({ $seconds } detik lalu)
flow-offer-line = { $rank }. <b>{ $provider }</b>: { $receive } { $to }{ $versus } · { $type }
    {"    "}batas: { $min } – { $max } { $from }
rate-floating = kurs mengambang
rate-fixed = kurs tetap
limit-none = tanpa maksimum
offer-versus-best = ({ $percent })
flow-offer-button = { $provider } · { $receive } { $currency }
tag-recommended = ⭐ Direkomendasikan
tag-ai-best-rate = 🤖 Kurs terbaik versi AI
tag-best-rate = 💰 Kurs terbaik
tag-best-in-kyc = 🛡 Verifikasi identitas (KYC) paling sedikit
button-refresh = 🔄 Perbarui
button-retry = 🔁 Coba lagi
flow-change-amount = ✏️ Ubah jumlah
flow-change-from = Ubah yang saya kirim
flow-change-to = Ubah yang saya terima
flow-pair-invalid = Pasangan ini tidak bisa ditukar: { $from } → { $to }. Silakan pilih mata uang lain.
flow-below-minimum = { $amount } { $from } di bawah minimum yang diterima penyedia untuk pasangan ini. Silakan masukkan jumlah yang lebih besar.
flow-no-offers = Saat ini tidak ada penyedia yang menawarkan { $from } → { $to }. Coba jumlah lain atau pasangan lain.
flow-offer-out-of-limits = { $provider } menerima { $min } sampai { $max } { $currency }; Anda memasukkan { $amount }. Pilih penawaran lain atau ubah jumlahnya.
error-unavailable = Layanan penukaran sedang tidak merespons. Pilihan Anda tetap tersimpan: coba lagi sebentar lagi.
exchange-unavailable = ⚠️ Layanan penukaran sedang tidak tersedia, jadi saya tidak bisa memberi kurs atau membuat penukaran. Silakan coba lagi nanti; penukaran yang sudah dibuat ada di /history.
error-rate-limited = Layanan penukaran sedang sibuk. Pilihan Anda tetap tersimpan: coba lagi dalam { $seconds } detik.
error-queue-full = ⏳ Anda sudah punya { $count ->
       *[other] { $count } permintaan kurs
    } yang menunggu di antrean layanan penukaran. Pilihan Anda tetap tersimpan: coba lagi sekitar { $seconds } detik lagi, setelah yang pertama masuk.
error-refused = Layanan penukaran menolak permintaan ini: { $reason }
error-refused-plain = Layanan penukaran menolak permintaan ini.
error-forbidden = Untuk saat ini layanan penukaran tidak mengizinkan bot ini mengakses permintaan tersebut. Pilihan Anda tetap tersimpan: coba lagi nanti, dan jika terus terjadi, hubungi tim dukungan kami.

flow-ask-address = Kirim alamat <b>{ $currency }</b> di jaringan <b>{ $network }</b> tempat Anda ingin menerima koin.
    Salin dari dompet Anda; periksa kembali jaringannya.
address-empty = Silakan kirim alamatnya sebagai teks.
address-too-long = Itu terlalu panjang untuk alamat di jaringan { $network }. Silakan periksa.
address-whitespace = Alamat tidak mengandung spasi atau baris baru. Silakan kirim alamatnya saja.
address-unprintable = Teks itu mengandung karakter tersembunyi atau tidak biasa; alamat asli tidak pernah mengandungnya. Silakan salin ulang alamatnya.
address-invalid-format = Itu bukan alamat yang valid di jaringan { $network }. Pastikan alamat itu untuk jaringan ini, lalu salin ulang.
address-burn-address = Itu alamat burn (pemusnahan): tidak ada yang bisa memakai apa pun yang dikirim ke sana, jadi koin Anda akan hilang. Silakan kirim alamat dompet Anda sendiri.
address-token-contract = Itu kontrak token { $token }, bukan dompet: koin yang dikirim ke kontrak token hilang untuk selamanya. Silakan kirim alamat dompet Anda sendiri (dompet Anda menampilkannya di bagian “Terima”).
flow-address-unchecked = ⚠️ Saya tidak bisa memeriksa alamat di jaringan { $network }: alamat yang salah ketik tetap akan diterima. Salin dari dompet Anda, lalu cocokkan karakter demi karakter sebelum Anda konfirmasi.

flow-ask-memo =
    ⚠️ <b>{ $network } memerlukan memo (tag tujuan / destination tag)</b> untuk { $currency }.
    Bursa dan dompet kustodian memakainya untuk mengkreditkan dana ke akun Anda: <b>tanpa memo yang benar, dana Anda bisa hilang.</b>

    Ketik memo yang ditampilkan dompet Anda, atau ketuk tombol jika dompet Anda sendiri memang tidak memerlukannya.
flow-no-memo = Saya tidak perlu memo
flow-no-memo-sure = Anda yakin? Kirim tanpa memo hanya jika dompet penerima adalah milik Anda sendiri dan tidak memerlukan memo. Bursa dan dompet kustodian <b>selalu</b> memerlukan memo di { $network }.
flow-no-memo-yes = Ya, kirim tanpa memo
flow-no-memo-back = Tidak, saya ketik memonya
flow-type-memo = Silakan ketik memonya.
memo-too-long = Memo itu terlalu panjang untuk { $network }. Silakan periksa.
memo-unprintable = Memo itu mengandung karakter tersembunyi atau tidak biasa. Silakan salin ulang.
memo-invalid-format = Itu bukan memo yang valid untuk { $network }. Silakan periksa.
memo-encrypted = Di { $network }, memo yang diawali # dikirim dalam bentuk terenkripsi, dan bursa penerima tidak bisa membacanya. Silakan ketik memo tanpa #.

summary-title = <b>Silakan periksa semuanya</b>
summary-send = Kirim: <b>{ $amount } { $currency }</b>
summary-receive = Terima sekitar: <b>{ $amount } { $currency }</b>
summary-rate = Kurs: 1 { $base } = { $rate } { $quote }
summary-provider = Penyedia: { $provider } ({ $type })
summary-address = Ke alamat ({ $network }): <code>{ $address }</code>
summary-address-compare = ⚠️ Saya tidak bisa memeriksa alamat di jaringan ini: cocokkan alamat di atas dengan dompet Anda karakter demi karakter.
summary-memo = Memo: <code>{ $memo }</code>
summary-no-memo = Memo: tidak ada (Anda sudah mengonfirmasi bahwa dompet Anda tidak memerlukannya)
button-confirm = ✅ Konfirmasi
button-change = ✏️ Ubah
button-cancel = ✖️ Batal
flow-change-what = Apa yang ingin Anda ubah?
change-from = Yang saya kirim
change-to = Yang saya terima
change-amount = Jumlah
change-offer = Penawaran
change-address = Alamat
change-memo = Memo
flow-offer-gone = ⚠️ { $provider } tidak lagi menawarkan penukaran ini. Silakan pilih penawaran lain.
flow-quote-changed = ⚠️ Penawaran berubah sejak Anda melihatnya: sekarang Anda akan menerima sekitar <b>{ $receive } { $currency }</b>, bukan { $was }. Berikut angka barunya: konfirmasi lagi jika Anda setuju.
flow-quote-limits-changed = ⚠️ Batas penawaran berubah dan jumlah Anda tidak lagi masuk di dalamnya. Silakan pilih penawaran lagi.
flow-create-unknown = ⚠️ Saya tidak bisa memastikan apakah penukaran Anda sudah dibuat: saya sudah mengirim permintaan, tetapi layanan penukaran tidak memberi jawaban yang jelas, jadi penukaran <b>mungkin</b> sudah dibuat. Saya tidak punya alamat deposit untuknya: <b>jangan kirim apa pun</b> sampai Anda melihat alamat deposit dari saya. Saya tidak akan mengulang permintaan ini sendiri; untuk mencoba lagi, mulai dengan /exchange. Referensi untuk tim dukungan: <code>{ $reference }</code>, { $time }.
flow-create-in-flight = ⏳ Penukaran Anda mungkin sedang dibuat saat ini: permintaan untuk membuatnya sudah sampai ke layanan penukaran, dan jawabannya belum datang. Detail depositnya, atau penolakan dari layanan, akan dikirim ke sini begitu diketahui; Anda tidak perlu mengonfirmasi lagi. <b>Jangan kirim apa pun</b> sampai Anda melihat alamat deposit dari saya. Referensi untuk tim dukungan: <code>{ $reference }</code>, { $time }.
create-refused-later = ❌ Layanan penukaran menolak penukaran yang Anda konfirmasi: penukaran itu <b>tidak</b> dibuat, dan tidak ada alamat deposit yang menunggu koin Anda, jadi jangan kirim apa pun untuknya. Untuk mencoba lagi, mulai dengan /exchange. Referensi untuk tim dukungan: <code>{ $reference }</code>, { $time }.

created-title = ✅ <b>Penukaran dibuat</b>
created-send = Kirim tepat <code>{ $amount }</code> <b>{ $currency }</b> (jumlah persis, tidak dibulatkan: ketuk untuk menyalin) di jaringan <b>{ $network }</b> ke alamat ini:
created-memo = ⚠️ <b>Sertakan memo ini, atau deposit Anda bisa hilang:</b> <code>{ $memo }</code>
created-tracking = Saya akan mengabari Anda setiap kali status berubah.
created-repeat = 🔁 Dikirim ulang untuk berjaga-jaga jika pesan sebelumnya tidak sampai (mungkin sebenarnya sudah sampai). Detailnya sama; kirim dana hanya sekali.
# A status message sent again after a send that may have arrived (it comes first, on a line of its own).
notice-repeat = 🔁 Dikirim ulang untuk berjaga-jaga jika pesan sebelumnya tidak sampai (mungkin sebenarnya sudah sampai).
created-qr = Kode QR alamat deposit { $currency }

## Status, kartu, dan pesan pelacak

status-waiting = ⏳ Menunggu deposit Anda
status-confirming = 🔎 Mengonfirmasi deposit Anda
status-exchanging = 🔄 Sedang ditukar
status-sending = 📤 Mengirim ke alamat Anda
status-finished = ✅ Selesai
status-failed = ❌ Gagal
status-refunded = ↩️ Dana dikembalikan
status-overdue = ⌛ Kedaluwarsa: deposit tidak masuk tepat waktu
status-unknown = ❔ { $status }
card-title = 🔁 Penukaran <code>{ $id }</code>
card-pair = { $amount } { $from } → sekitar { $receive } { $to }
card-status = Status: <b>{ $status }</b>
card-to = Ke: <code>{ $address }</code>
card-to-memo = Memo: <code>{ $memo }</code>
card-provider = Penyedia: { $provider } ({ $type })
card-refund = Dikembalikan ke: <code>{ $address }</code>
card-hash-from = Deposit Anda: { $link }
card-hash-to = Pembayaran ke Anda: { $link }
card-hash-refund = Pengembalian dana: { $link }
card-not-tracked = Saya tidak lagi memeriksa penukaran ini secara otomatis; ketuk Perbarui untuk melihat statusnya.
card-updated = <i>Diperbarui { $time }</i>
slow-title = ⏳ <b>Lebih lama dari biasanya</b> · penukaran <code>{ $id }</code>
slow-confirming = Deposit Anda sebesar { $sent } { $from } sudah masuk dan menunggu konfirmasi jaringan { $network }, yang biasanya memakan waktu sekitar { $minutes } menit. Saat jaringan padat, prosesnya lebih lama: ini wajar, dan dana Anda tidak hilang.
slow-exchanging = { $provider } sedang menukar { $from } Anda ke { $to }, yang biasanya memakan waktu sekitar { $minutes } menit. Penyedia terkadang memeriksa deposit sebelum menukarnya: prosesnya lebih lama, dan dana Anda tidak hilang.
slow-sending = { $provider } sedang mengirim sekitar { $receive } { $to } ke <code>{ $address }</code>, yang biasanya memakan waktu sekitar { $minutes } menit. Jaringan { $network } mungkin sedang padat.
slow-follow = Deposit Anda di jaringan: { $link }
slow-what-to-do = Untuk saat ini Anda tidak perlu melakukan apa pun: saya terus memantaunya dan akan mengabari Anda saat ada perubahan. Jika dalam { $later } menit tidak ada perubahan, minta bantuan dengan ID penukaran: ketuk { $button } di kartu dan kirim pesan itu.
card-late = ⚠️ Lebih lama dari biasanya: “{ $status }” sejak { $since }.
change-title = <b>{ $status }</b> · penukaran <code>{ $id }</code>
change-waiting = Penukaran menunggu deposit Anda sebesar { $sent } { $from }.
change-confirming = Deposit Anda sebesar { $sent } { $from } sudah masuk dan sedang dikonfirmasi.
change-exchanging = { $from } Anda sedang ditukar ke { $to }.
change-sending = Sekitar { $receive } { $to } sedang dikirim ke <code>{ $address }</code>.
change-finished = Selesai: { $receive } { $to } sudah dikirim ke <code>{ $address }</code>.
change-failed = Penukaran gagal. Silakan hubungi tim dukungan dan berikan ID penukaran <code>{ $id }</code>: teruskan pesan ini kepada kami, atau hubungi tim dukungan { $provider }.
change-refunded = Deposit Anda sudah dikembalikan.
change-refund-address = Pengembalian dana dikirim ke <code>{ $refund }</code>.
received-vs-quote = { $direction ->
   *[less] Diterima: { $received } { $to }; penawaran menyebut sekitar { $quoted }: { $percent } lebih sedikit.
    [more] Diterima: { $received } { $to }; penawaran menyebut sekitar { $quoted }: { $percent } lebih banyak.
    [same] Diterima: { $received } { $to }, sesuai penawaran.
}
change-overdue = Deposit tidak masuk tepat waktu, jadi penukaran ini kedaluwarsa. Jangan kirim apa pun ke alamat depositnya sekarang; mulai penukaran baru dengan /exchange.
change-unknown = Layanan penukaran melaporkan status yang tidak saya kenal. Saya terus memeriksa dan akan memberi tahu Anda saat status berubah.
history-page = Halaman { $page } dari { $pages }
status-not-found = Saya tidak menemukan penukaran dengan ID itu di antara penukaran Anda. Periksa ID-nya, atau lihat /history.
status-usage = Kirim ID penukaran setelah perintah, misalnya: <code>/status exolix-floating-abc123</code>
refresh-cooldown = Baru saja diperbarui. Coba lagi dalam { $seconds } detik.
refresh-failed = Tidak bisa menghubungi layanan penukaran; ini yang saya ketahui.
support-lookup-queue-full = ⏳ Anda sudah punya { $count ->
       *[other] { $count } permintaan
    } yang menunggu di antrean layanan penukaran, jadi ini yang saya ketahui, bukan status terkini. Cek lagi sekitar { $seconds } detik lagi.
refresh-queue-full = ⏳ Anda sudah punya { $count ->
       *[other] { $count } permintaan
    } yang menunggu di antrean layanan penukaran, jadi kartu ini tidak diperbarui. Tekan Perbarui lagi sekitar { $seconds } detik lagi.
button-funds-sent = 📨 Saya sudah mengirim dana
funds-sent-thanks = Terima kasih! Selama { $minutes } menit ke depan, saya akan memeriksa deposit Anda { $seconds ->
        [60] setiap menit
       *[other] setiap { $seconds } detik
    } dan memberi tahu Anda begitu deposit masuk.

## Tim dukungan

support-lookup-unknown = Tidak ada penukaran dengan ID itu, baik di bot ini maupun di layanan penukaran. Tempel ID-nya, atau minta pesan 🧾 Untuk tim dukungan dari pelanggan (jangan pernah kartunya: kartu bisa menampilkan frasa anti-phishing pelanggan).
support-user-unknown = Pengguna tidak ditemukan. Kirim Telegram id atau @username-nya.
support-user-title = <b>Pengguna { $id }</b> (@{ $username }, bahasa { $language }): { $count } penukaran, terbaru di atas:
support-lookup-owner = Dibuat oleh pengguna <code>{ $id }</code> (@{ $username }, bahasa { $language })
support-lookup-created = Dibuat pada { $time } UTC
support-lookup-tracked = Dilacak: pemeriksaan berikutnya pada { $time } UTC
support-lookup-not-tracked = Tidak dilacak lagi
support-lookup-history = <b>Riwayat status</b> (UTC):
support-stats =
    <b>Statistik</b>
    Pengguna: { $users }
    Penukaran per status: { $exchanges }
    Panggilan ke layanan dalam satu jam terakhir: pembuatan penukaran { $create }, permintaan pengguna { $user }, pengecekan status { $poll }, katalog { $catalogue }, peringatan kurs { $alert }
    Respons 429 dari layanan: { $limited }
    Pelacak: { $tracked } dilacak, { $due } jatuh tempo sekarang

## Kurs di grup dan mode inline

rate-usage = Cara pakai: <code>/rate 0.5 btc usdt</code> · pilih jaringan dengan <code>usdt-trx</code> atau <code>usdt trx</code>
rate-admins-only = Di grup ini hanya admin yang bisa meminta kurs.
rate-main-network = { $symbol } di jaringan utamanya, { $network }
rate-pair-invalid = Pasangan ini tidak bisa ditukar.
rate-below-minimum = Jumlahnya di bawah minimum untuk pasangan ini.
rate-forbidden = Layanan penukaran saat ini tidak memberi bot ini kurs untuk pasangan ini (tidak ada akses). Coba lagi nanti.
rate-slow-down = ⏳ Anda sudah meminta beberapa kurs baru dalam satu menit terakhir, sedangkan layanan penukaran hanya mengizinkan sedikit permintaan per menit untuk semua orang. Silakan tunggu { $seconds } detik lalu minta lagi (jumlah yang baru saja Anda minta, atau yang selisihnya tidak lebih dari 1 %, langsung dijawab).
rate-queue-full = ⏳ Anda sudah punya { $count ->
       *[other] { $count } permintaan kurs
    } yang menunggu di antrean layanan penukaran. Yang pertama seharusnya masuk sekitar { $seconds } detik lagi: minta lagi setelah itu.
rate-offer-line = { $rank }. <b>{ $provider }</b>: { $receive } { $to }{ $versus } · { $type }
rate-offer-out-of-limits = { $rank }. <b>{ $provider }</b>: di luar batasnya untuk jumlah ini ({ $min } – { $max } { $from })
rate-out-of-limits-short = di luar batasnya
rate-offer-title = { $estimated ->
        [yes] { $provider }: ≈ { $receive } { $currency }
       *[no] { $provider }: { $receive } { $currency }
    }
rate-estimated = <i>≈ Perkiraan dari kurs untuk { $amount } { $from }: angka untuk jumlah persis ini bisa sedikit berbeda.</i>
rate-limits = Batas penawaran terbaik: { $min } – { $max } { $from }
rate-time = <i>Kurs pukul { $time }</i>
rate-exchange-button = 🔄 Tukar di chat pribadi
settings-title = <b>Pengaturan grup</b>: siapa yang boleh meminta kurs, dan bahasa jawaban saya di sini.
settings-admins-only = Hanya admin grup yang bisa mengubah pengaturan ini.
settings-everyone = Semua orang
settings-admins = Hanya admin
inline-summary-title = { $amount } { $from } → { $to }
inline-hint-title = Ketik jumlah dan dua mata uang
inline-unavailable-title = Layanan penukaran sedang tidak tersedia
inline-slow-down-title = Terlalu banyak kurs baru: tunggu { $seconds } detik
inline-hint-description = Misalnya: 0.5 btc usdt
command-status = Status satu penukaran berdasarkan ID-nya
command-rate = Kurs: /rate 0.5 btc usdt
command-settings = Pengaturan grup (admin)
command-lookup = Dukungan: cari penukaran
command-user = Dukungan: penukaran seorang pengguna
command-stats = Dukungan: statistik
command-late = Dukungan: penukaran yang lebih lama dari biasanya
support-lookup-foreign = <i>Tidak dibuat melalui bot ini: hanya yang dilaporkan layanan penukaran.</i>

## Detail deposit
deposit-missing-address = ⚠️ <b>Layanan penukaran belum memberikan alamat deposit.</b> Jangan kirim apa pun sampai saya menampilkannya di sini.
deposit-missing-memo = ⚠️ <b>Layanan penukaran belum memberikan memo deposit.</b> Di { $network }, deposit tanpa memonya bisa hilang, jadi saya tidak menampilkan alamatnya: jangan kirim apa pun sampai saya menampilkan keduanya.
deposit-incomplete-choices = Ketuk <b>Coba lagi</b> untuk bertanya lagi ke layanan, atau <b>Keluar</b>: penukaran tetap ada di /history, dan saya akan mengabari Anda saat detail depositnya tersedia.
deposit-ready = 📬 Detail deposit untuk penukaran <code>{ $id }</code> sudah tersedia. Kirim hanya sesuai petunjuk di bawah.
button-leave = Keluar
created-qr-memo = Kode QR alamat deposit { $currency }. Kode ini tidak memuat memo: masukkan sendiri memo <code>{ $memo }</code>, atau deposit Anda bisa hilang.

## Hasil pembuatan penukaran
history-unconfirmed = ⚠️ <b>Belum terkonfirmasi</b>: untuk permintaan berikut, layanan penukaran mungkin sudah membuat penukaran, tetapi tidak pernah memberi saya ID-nya, jadi saya tidak bisa menampilkan atau memantaunya di sini. Saya tidak pernah memberi Anda alamat deposit untuk permintaan ini: jangan kirim apa pun untuknya. Jika ada yang tidak beres, teruskan pesan ini kepada kami.
history-unconfirmed-line = • { $time }, referensi <code>{ $reference }</code>
support-request-title = <b>Permintaan pembuatan</b> <code>{ $reference }</code>
support-request-unknown = ⚠️ <b>Hasil tidak diketahui</b>: permintaan mungkin sudah sampai ke layanan penukaran, dan tidak ada jawaban yang menyatakan apakah penukaran dibuat. Bot tidak punya ID penukaran untuknya, jadi tidak dilacak, dan pelanggan tidak diberi alamat deposit.
support-request-in-flight = ⏳ <b>Belum ada jawaban</b>: permintaan mungkin masih dalam perjalanan (umurnya kurang dari { $minutes } menit).
support-request-failed = ❌ <b>Ditolak</b> oleh layanan penukaran; tidak ada yang dibuat.
support-request-created = ✅ <b>Dibuat</b>: penukaran <code>{ $id }</code>.
support-request-reason = Jawaban terakhir: { $reason }
support-request-owner = Diminta oleh pengguna <code>{ $id }</code> (@{ $username }, bahasa { $language })
support-request-at = Diminta pada { $time } UTC
support-request-no-details = Permintaan ini dibuat sebelum bot menyimpan isi setiap permintaan: baris log "createTransaction failed" dengan referensi ini memuat pasangan, jumlah, penyedia, dan alamatnya.
support-request-asked = Yang diminta: { $amount } { $from } → { $to } lewat { $provider } ({ $type })
support-stats-unknown = Pembuatan dengan hasil tidak diketahui (penukaran mungkin ada, tanpa ID): { $count }
support-late-none = Tidak ada penukaran yang lebih lama dari biasanya.
support-late-title = <b>Lebih lama dari biasanya</b> ({ $count }), yang terlama lebih dulu:
support-late-line = • <code>{ $id }</code> · “{ $status }” sejak { $since } UTC · { $provider }
support-stats-exchange-ok = Layanan penukaran: tersedia
support-stats-exchange-down = ⚠️ Layanan penukaran: <b>tidak tersedia</b> sejak { $since } UTC ({ $reason }): { $detail }

## Pelacak: tidak pernah diam
tracking-stopped-not-found = ⚠️ <b>Saya berhenti memantau penukaran</b> <code>{ $id }</code>: layanan penukaran terus menjawab bahwa penukaran itu tidak ditemukan.
tracking-stopped-stalled = ⚠️ <b>Saya berhenti memantau penukaran</b> <code>{ $id }</code>: statusnya “{ $status }” sejak { $since }.
tracking-stopped-what-to-do = Dana Anda tidak hilang karena saya berhenti memantau. Jika Anda sudah mengirim deposit, atau masih menunggu pembayaran, hubungi tim dukungan { $provider } dan berikan ID penukaran <code>{ $id }</code>. Tombol Perbarui di kartu penukaran tetap menampilkan statusnya.
card-tracking-stopped = ⚠️ Saya berhenti memantau penukaran ini pada { $time }: { $reason }. Jika dana Anda belum masuk, hubungi tim dukungan { $provider } dengan ID penukaran ini. Ketuk Perbarui untuk melihat statusnya.
tracking-reason-not-found = layanan penukaran tidak dapat menemukannya
tracking-reason-stalled = statusnya berhenti berubah
tracking-reason-unknown = tidak ada alasan yang tercatat
support-lookup-stopped = Tidak dilacak sejak { $time } UTC: { $reason }

## Anti-phishing: /phrase, /verify
deposit-phrase =
    🔐 Frasa Anda: <b>{ $phrase }</b>
    Jangan teruskan pesan ini atau tunjukkan frasa ini kepada siapa pun, termasuk tim dukungan: untuk tim dukungan, ketuk 🧾 Untuk tim dukungan.
phrase-none =
    Anda belum punya frasa anti-phishing.

    Atur dengan <code>/phrase kata-kata Anda sendiri</code>. Sejak itu, setiap pesan saya yang menunjukkan ke mana koin Anda dikirim akan memuat frasa ini. Bot yang meniru pesan saya tidak mungkin mengetahuinya: alamat deposit yang ditampilkan tanpa frasa Anda bukan dari saya.
phrase-current =
    Frasa anti-phishing Anda adalah <b>{ $phrase }</b>. Setiap pesan saya yang menunjukkan ke mana koin Anda dikirim memuat frasa ini.

    Ubah dengan <code>/phrase kata-kata baru</code>, hapus dengan <code>/phrase off</code>.
phrase-set = ✅ Tersimpan. Setiap pesan yang menampilkan alamat deposit kini memuat <b>{ $phrase }</b>. Saya menghapus pesan Anda agar frasa ini tidak tertinggal di chat. Jangan pernah meneruskan pesan yang menampilkannya, dan jangan beri tahu siapa pun: tim dukungan tidak pernah memintanya. Untuk tim dukungan, ketuk 🧾 Untuk tim dukungan di kartu penukaran dan teruskan pesan itu: pesan itu tidak pernah memuat frasa Anda.
phrase-removed = Frasa anti-phishing Anda sudah dihapus.
phrase-invalid = Frasa Anda harus terdiri dari { $min } sampai { $max } karakter dan tidak boleh diawali “/”. Coba lagi: <code>/phrase kata-kata Anda sendiri</code>.
verify-usage = Kirim <code>/verify @nama</code> untuk memeriksa apakah sebuah akun adalah bot ini atau tim dukungan kami.
verify-bot = ✅ @{ $name } adalah bot ini: Telegram baru saja mengonfirmasinya.
verify-staff = ✅ @{ $name } adalah salah satu staf dukungan kami: Telegram baru saja mengonfirmasinya berdasarkan akunnya.
verify-unknown = ⚠️ @{ $name } <b>bukan</b> bot ini dan <b>bukan</b> tim dukungan kami. Jangan kirimi akun itu koin, kunci privat, atau seed phrase.
verify-unavailable = Saya tidak bisa menghubungi Telegram barusan, jadi saya tidak bisa mengonfirmasi akun apa pun. Coba lagi dalam satu menit; sampai saat itu, jangan percayai akun mana pun yang menghubungi Anda lebih dulu.
verify-reminder = Tim dukungan kami tidak pernah menghubungi Anda lebih dulu dan tidak pernah meminta kunci privat, kata sandi, atau seed phrase.
command-phrase = Frasa anti-phishing
command-verify = Cek: bot ini atau tim dukungan kami?

## Kartu: untuk tim dukungan, tukar lagi
button-receipt = 🧾 Untuk tim dukungan
button-swap-again = 🔁 Tukar lagi
receipt-title = 🧾 <b>Untuk tim dukungan</b> · penukaran { $id }
receipt-provider = Penyedia: { $provider } ({ $type })
receipt-created = Dibuat: { $time }
receipt-amounts = Dikirim: { $sent } { $from } → diterima: { $receive } { $to }
receipt-quoted = Penawaran saat konfirmasi: sekitar { $quoted } { $to }
receipt-deposit = Alamat deposit (catatan untuk tim dukungan, bukan tujuan pembayaran): { $address } · memo: { $memo }
receipt-deposit-none = Alamat deposit: belum lengkap (tidak ditampilkan)
receipt-to = Alamat penerima: { $address } · memo: { $memo }
receipt-refund = Alamat pengembalian dana: { $address }
receipt-hashes = Hash deposit: { $hashIn } · hash pembayaran: { $hashOut }
receipt-status = Status: { $status } ({ $raw })
receipt-history = Riwayat status:
receipt-tracking-stopped = Pemantauan dihentikan { $time }: { $reason }
receipt-footer = Teruskan pesan ini ke tim dukungan: isinya semua yang mereka perlukan, tanpa rahasia apa pun. Pesan ini tidak pernah memuat frasa anti-phishing Anda: jangan pernah meneruskan pesan yang memuatnya. Tim dukungan tidak pernah menghubungi Anda lebih dulu.

## Ekspor
export-empty = Anda belum punya penukaran untuk diekspor. Ketik /exchange untuk memulai.
export-caption = 📄 { $count ->
   *[other] { $count } penukaran Anda
} dalam file CSV (waktu dalam UTC), untuk catatan Anda atau aplikasi pajak Anda.
command-export = Penukaran Anda sebagai file CSV

## Buku alamat
button-save-address = 💾 Simpan alamat penerima
addresses-ask-label = Mau diberi nama apa alamat ini? Kirim label singkat (maksimal { $max } karakter), misalnya <i>Ledger</i> atau <i>Akun bursa</i>.
addresses-ask-rename = Label baru untuk <b>{ $label }</b> (maksimal { $max } karakter):
addresses-label-invalid = Label berisi 1 sampai { $max } karakter dalam satu baris. Kirim label lain, atau perintah apa pun untuk membatalkan.
addresses-saved = 📒 Disimpan sebagai <b>{ $label }</b>. Pada langkah alamat untuk { $network }, alamat ini akan muncul sebagai tombol.
addresses-renamed = ✅ Nama diubah menjadi <b>{ $label }</b>.
addresses-already = Sudah ada di buku alamat Anda sebagai { $label }.
addresses-full = Buku alamat Anda penuh ({ $max } alamat). Hapus satu dulu di /addresses.
addresses-empty = Buku alamat Anda kosong. Setelah penukaran berhasil, saya akan menawarkan untuk menyimpan alamat penerimanya.
addresses-title = <b>📒 Alamat Anda</b>
addresses-memo = memo <code>{ $memo }</code>
addresses-footer = Ketuk ✏️ untuk mengganti nama, 🗑 untuk menghapus.
addresses-deleted = Dihapus.
flow-address-book-hint = Atau ketuk salah satu alamat yang Anda simpan:
address-saved-invalid = Alamat tersimpan <b>{ $label }</b> sudah tidak valid sebagai alamat { $network }. Silakan ketik alamatnya secara manual.
command-addresses = Alamat yang Anda simpan

## Peringatan kurs
alert-usage =
    Atur peringatan kurs: <code>/alert 0.5 btc eth 17.2</code> memberi tahu Anda saat 0.5 BTC bisa ditukar dengan setidaknya 17.2 ETH.
    Jaringan ditulis seperti di /rate: <code>usdt-trx</code> atau <code>usdt trx</code>. Peringatan Anda: /alerts.
alert-created = 🔔 Saya akan memberi tahu Anda saat { $amount } { $from } bisa ditukar dengan setidaknya <b>{ $target } { $to }</b>. Saya memeriksa paling sering setiap { $minutes } menit, selama layanan penukaran masih punya kapasitas setelah permintaan kurs dan penukaran (saat ramai, lebih jarang); peringatan berakhir setelah { $days } hari. Peringatan Anda: /alerts.
alert-too-many = Anda sudah punya { $max } peringatan, jumlah maksimum yang saya simpan per orang. Hapus satu dulu di /alerts.
alert-reached = 🔔 <b>Peringatan kurs</b>: { $amount } { $from } sekarang bisa ditukar dengan <b>{ $receive } { $to }</b> (penawaran terbaik, { $provider }), setidaknya { $target } seperti yang Anda minta. Peringatan ini sudah berakhir; kurs baru bisa sedikit berbeda.
alert-exchange-button = 🔄 Tukar sekarang
alert-expired = ⌛ Peringatan kurs Anda untuk { $amount } { $from } → setidaknya { $target } { $to } berakhir setelah { $days } hari tanpa tercapai.
alerts-empty = Anda tidak punya peringatan kurs. Atur dengan <code>/alert 0.5 btc eth 17.2</code>.
alerts-title = <b>🔔 Peringatan kurs Anda</b>
alerts-line = { $n }. { $amount } { $from } → setidaknya { $target } { $to } · sampai { $until }
alerts-removed = Peringatan dihapus.
flow-alert-button = 🔔 Buat peringatan kurs…
flow-alert-ask = Minimal berapa { $to } yang Anda inginkan untuk { $amount } { $from }? Kirim jumlahnya, misalnya <code>{ $example }</code>.
command-alert = Peringatan kurs: /alert 0.5 btc eth 17.2
command-alerts = Peringatan kurs Anda

## Deposit card: copy buttons (the app copies exactly what the card shows)
button-copy-amount = 📋 Jumlah persis
button-copy-address = 📋 Alamat deposit
button-copy-memo = 📋 Memo

# Issue 32: how long a quote holds, and the next best offer after a refusal.
summary-quote-holds = ⏱ Kurs ini berlaku selama { $seconds } detik: setelah itu, saat Anda mengetuk Konfirmasi, saya akan memeriksanya lagi sebelum ada yang dibuat.
summary-floating-means = Kurs mengambang: jumlah yang Anda terima mengikuti pasar sampai koin Anda ditukar, jadi hasil akhirnya bisa sedikit lebih tinggi atau lebih rendah.
summary-fixed-means = Kurs tetap: penyedia menjanjikan jumlah yang ditampilkan, asalkan Anda mengirim tepat jumlah di atas dan tidak terlambat.
flow-next-best = { $refused } tidak dapat memprosesnya. Penawaran terbaik berikutnya, dari <b>{ $provider }</b>, ada di bawah: periksa lalu konfirmasi jika cocok.
flow-next-best-waiting = ⏳ Sedang mencari penawaran terbaik berikutnya untuk Anda.
flow-next-best-done = ✅ Penawaran sudah masuk. Ketuk tombol di bawah untuk melihat yang terbaik berikutnya.
flow-next-best-wait = ⏳ Masih mencari: sebuah tombol akan muncul di sini begitu penawaran masuk.
button-see-offer = 👀 Lihat penawaran
