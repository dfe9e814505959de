# Keys are prefixed by feature. Every value that comes from a person or the service is
# HTML-escaped before it is passed in.

## Start, menu, help, language

start-welcome =
    👋 <b>¡Hola, { $name }!</b>

    Intercambio criptomonedas a través de un agregador de exchanges: comparo las ofertas de varios proveedores, tú eliges una y yo te digo adónde enviar tus monedas. No necesitas registrarte.

    Toca <b>Intercambiar</b> para empezar o escribe /exchange.

    🛡 Nuestro soporte nunca escribe primero y nunca pide claves privadas ni frases semilla: comprueba cualquier cuenta con /verify @nombre.
menu-exchange = 🔄 Intercambiar
menu-history = 📜 Mis intercambios
menu-language = 🌐 Idioma
menu-help = ❓ Ayuda
help-text =
    <b>Cómo funciona</b>
    1. Elige qué envías y qué recibes (una moneda en una red).
    2. Escribe la cantidad y compara las ofertas.
    3. Escribe tu dirección de recepción (y el memo, si la red lo necesita).
    4. Confirma: creo el intercambio y te muestro la dirección de depósito.
    5. Envía exactamente la cantidad indicada. Te avisaré de cada cambio de estado.

    /exchange — empezar un intercambio
    /history — tus intercambios
    /export — tus intercambios en un archivo CSV
    /addresses — tus direcciones de recepción guardadas
    /alert 0.5 btc eth 17.2 — avisarte cuando por 0.5 BTC recibas al menos 17.2 ETH; /alerts muestra tus alertas
    /cancel — salir del intercambio actual
    /language — cambiar el idioma

    <b>Tu seguridad</b>
    /phrase — configura una frase antiphishing: la incluyo en cada mensaje mío que muestra adónde enviar tus monedas, y un bot clon que imite mis mensajes no puede incluirla.
    /verify @nombre — comprueba si una cuenta es este bot o nuestro soporte. El soporte nunca escribe primero y nunca pide claves privadas ni frases semilla.
language-pick = Elige tu idioma:
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
language-changed = ✅ Idioma cambiado a español.
cancel-nothing = No hay nada que cancelar. Escribe /exchange para empezar un intercambio.
unknown-command = No conozco ese comando. Escribe /help para ver lo que puedo hacer.
fallback-text = Escribe /exchange para empezar un intercambio o /help para ver lo que puedo hacer.
button-expired = Este botón ya caducó.
sandbox-notice = 🧪 <i>Entorno de pruebas (sandbox): aquí nada es real y no se mueven fondos.</i>

command-start = Menú principal
command-exchange = Empezar un intercambio
command-history = Mis intercambios
command-cancel = Salir del intercambio actual
command-language = Cambiar el idioma
command-help = Cómo funciona

## History

history-empty = Aún no tienes intercambios. Escribe /exchange para empezar uno.
history-title = <b>Tus intercambios</b>, los más recientes primero:
history-line = • { $amount } { $from } → { $to }: <b>{ $status }</b>
    <code>{ $id }</code>
history-button = { $n }. { $amount } { $from } → { $to }

## The exchange flow

flow-pick-from = ¿Qué quieres <b>enviar</b>?
flow-pick-to = Envías <b>{ $from }</b>. ¿Qué quieres <b>recibir</b>?
flow-pick-hint = Toca una moneda o escribe su símbolo o nombre: <code>usdt</code>, <code>tether</code>, o un símbolo con su red: <code>usdt trx</code>.
flow-pick-hint-recent = Toca uno de tus pares recientes o una moneda, o escribe su símbolo o nombre (por ejemplo <code>usdt</code>, <code>usdt trx</code>).
flow-pick-network = <b>{ $symbol }</b> ({ $name }) está en varias redes. ¿En cuál?
flow-back-to-list = « Monedas populares
flow-matches = Monedas que coinciden con «{ $query }»:
flow-nothing-found = No encontré ninguna moneda llamada «{ $query }».
flow-did-you-mean = ¿Quisiste decir alguna de estas?
flow-same-currency = No puedes intercambiar { $currency } por sí misma. Elige otra moneda para recibir.
flow-unknown-command = Ese comando no funciona aquí. Escribe /cancel para salir del intercambio.
flow-text-expected = Escribe tu respuesta o toca un botón.
flow-step-again = Muchas de tus respuestas no servían para este paso, así que lo repito desde el principio. Lo que elegiste antes se mantiene; /cancel sale del intercambio.
flow-tap-a-button = Toca uno de los botones de arriba.
flow-cancelled = Intercambio cancelado. Los intercambios que ya creaste están en /history.
start-flow-closed = Cerré el intercambio que estabas preparando; no se creó nada. Empieza de nuevo con /exchange; los intercambios que ya creaste están en /history.
start-flow-closed-created = Cerré el intercambio que estabas preparando. El intercambio <code>{ $id }</code> se creó y sigue abierto: te escribiré cuando el servicio dé los datos del depósito. Está en /history.
flow-cancelled-created = El intercambio <code>{ $id }</code> ya se había creado, así que no se cancela: no se mueve nada a menos que le envíes fondos. Te escribiré cuando el servicio dé los datos del depósito; está en /history.
flow-too-large = ⌛ El intercambio que estabas preparando creció demasiado para que pueda guardarlo (demasiados mensajes de ida y vuelta), así que lo cerré. Escribe /exchange para empezar de nuevo; los intercambios que ya creaste están en /history.
flow-too-large-created = ⌛ Nuestra conversación sobre este intercambio creció demasiado para que pueda guardarla (demasiados mensajes de ida y vuelta), así que la cerré. El intercambio <code>{ $id }</code> se creó y sigue abierto: te escribiré cuando el servicio dé los datos del depósito. Está en /history.
flow-timeout = ⌛ El intercambio que estabas preparando quedó 30 minutos sin actividad, así que lo cerré. Escribe /exchange para empezar de nuevo; los intercambios que ya creaste están en /history.
flow-timeout-created = ⌛ Esta conversación conmigo quedó 30 minutos sin actividad, así que la cerré. El intercambio <code>{ $id }</code> se creó y sigue abierto: te escribiré cuando el servicio dé los datos del depósito. Está en /history.

flow-ask-amount = ¿Cuánto <b>{ $from }</b> quieres enviar? Por ejemplo <code>0.5</code>.
amount-empty = Escribe una cantidad, por ejemplo <code>0.5</code>.
amount-not-a-number = No puedo leer eso como un número. Escribe una cantidad como <code>0.5</code> o <code>1 000</code>.
amount-zero = La cantidad debe ser mayor que cero.
amount-negative = La cantidad no puede ser negativa.
amount-exponent = Escribe la cantidad completa, sin exponente (no <code>1e5</code>).
amount-too-many-decimals = Demasiados decimales: acepto como máximo { $decimals ->
        [one] { $decimals } cifra
        [many] { $decimals } de cifras
       *[other] { $decimals } cifras
    } después del punto o la coma decimal.
amount-too-large = Esa cantidad es demasiado grande. Revísala y escríbela de nuevo.
amount-ambiguous = No sé si el separador de <code>{ $input }</code> agrupa los miles o marca los decimales: se escribe de las dos maneras. Escribe un número entero sin separador (<code>1234</code>) o un decimal con un cero más al final (<code>1,2340</code>).

queue-position = ⏳ El servicio de intercambio está ocupado: eres el número { $position } en la fila, unos { $seconds } s.
create-rate-limited = ⏳ El servicio de intercambio me pidió esperar: tu intercambio aún no está creado. Lo intentaré de nuevo en unos { $seconds } s.
flow-offers-loading = ⏳ Buscando ofertas para { $amount } { $from } → { $to }…
flow-recheck-waiting = ⏳ Tu cotización tiene más de un minuto: vuelvo a comprobar la oferta antes de crear el intercambio.
flow-recheck-done = ✅ La oferta está comprobada. Toca Confirmar para seguir.
flow-recheck-wait = ⏳ Sigo comprobando la oferta: mostraré aquí un botón Confirmar en cuanto termine.
flow-offers-header = <b>{ $amount } { $from } → { $to }</b>
flow-quote-age = Ofertas, la mejor primero · cotizadas a las { $time } (hace { $seconds } s)
flow-offer-line = { $rank }. <b>{ $provider }</b>: { $receive } { $to }{ $versus } · { $type }
    {"    "}límites: { $min } – { $max } { $from }
rate-floating = tasa flotante
rate-fixed = tasa fija
limit-none = sin máximo
offer-versus-best = ({ $percent })
flow-offer-button = { $provider } · { $receive } { $currency }
tag-recommended = ⭐ Recomendado
tag-ai-best-rate = 🤖 Mejor tasa según IA
tag-best-rate = 💰 Mejor tasa
tag-best-in-kyc = 🛡 Menos verificaciones de identidad (KYC)
button-refresh = 🔄 Actualizar
button-retry = 🔁 Reintentar
flow-change-amount = ✏️ Cambiar cantidad
flow-change-from = Cambiar lo que envío
flow-change-to = Cambiar lo que recibo
flow-pair-invalid = Este par no se puede intercambiar: { $from } → { $to }. Elige otra moneda.
flow-below-minimum = { $amount } { $from } está por debajo del mínimo que aceptan los proveedores para este par. Escribe una cantidad mayor.
flow-no-offers = Ahora mismo ningún proveedor ofrece { $from } → { $to }. Prueba con otra cantidad u otro par.
flow-offer-out-of-limits = { $provider } acepta de { $min } a { $max } { $currency }; escribiste { $amount }. Elige otra oferta o cambia la cantidad.
error-unavailable = El servicio de intercambio no responde en este momento. Lo que elegiste se mantiene: inténtalo de nuevo en un momento.
exchange-unavailable = ⚠️ El servicio de intercambio no está disponible ahora mismo, así que no puedo cotizar ni crear intercambios. Inténtalo más tarde; los intercambios que ya creaste están en /history.
error-rate-limited = El servicio de intercambio está ocupado. Lo que elegiste se mantiene: inténtalo de nuevo en { $seconds } s.
error-queue-full = ⏳ Ya tienes { $count ->
        [one] una cotización
        [many] { $count } de cotizaciones
       *[other] { $count } cotizaciones
    } esperando en la fila del servicio de intercambio. Lo que elegiste se mantiene: inténtalo de nuevo en unos { $seconds } s, cuando haya llegado la primera.
error-refused = El servicio de intercambio lo rechazó: { $reason }
error-refused-plain = El servicio de intercambio lo rechazó.
error-forbidden = El servicio de intercambio le negó a este bot el acceso a esta solicitud, por ahora. Lo que elegiste se mantiene: inténtalo de nuevo más tarde y, si sigue pasando, avisa a nuestro soporte.

flow-ask-address = Envía la dirección de <b>{ $currency }</b> en la red <b>{ $network }</b> donde quieres recibir tus monedas.
    Cópiala de tu billetera y revisa bien la red.
address-empty = Envía la dirección como texto.
address-too-long = Es demasiado largo para una dirección de { $network }. Revísala.
address-whitespace = Una dirección no tiene espacios ni saltos de línea. Envía solo la dirección.
address-unprintable = Ese texto contiene caracteres ocultos o inusuales, y ninguna dirección real los tiene. Copia la dirección de nuevo.
address-invalid-format = No es una dirección válida de { $network }. Comprueba que sea de esta red y cópiala de nuevo.
address-burn-address = Es una dirección de quema: nadie puede gastar nunca lo que se envía ahí, así que perderías tus monedas. Envía la dirección de tu propia billetera.
address-token-contract = Es el contrato del token { $token }, no una billetera: las monedas enviadas a un contrato de token se pierden para siempre. Envía la dirección de tu propia billetera (tu billetera la muestra en «Recibir»).
flow-address-unchecked = ⚠️ No puedo comprobar direcciones de { $network }: se aceptaría una dirección con un carácter mal escrito. Cópiala de tu billetera y compárala carácter por carácter antes de confirmar.

flow-ask-memo =
    ⚠️ <b>{ $network } necesita un memo (destination tag)</b> para { $currency }.
    Los exchanges y las billeteras custodiales lo usan para acreditar tu cuenta: <b>sin el memo correcto, puedes perder tus fondos.</b>

    Escribe el memo que muestra tu billetera, o toca el botón si tu propia billetera de verdad no lo necesita.
flow-no-memo = Mi billetera no usa memo
flow-no-memo-sure = ¿Seguro? Sigue sin memo solo si la billetera que recibe es tuya y no lo necesita. Los exchanges y las billeteras custodiales lo necesitan <b>siempre</b> en { $network }.
flow-no-memo-yes = Sí, enviar sin memo
flow-no-memo-back = No, escribiré el memo
flow-type-memo = Escribe el memo.
memo-too-long = Ese memo es demasiado largo para { $network }. Revísalo.
memo-unprintable = Ese memo contiene caracteres ocultos o inusuales. Cópialo de nuevo.
memo-invalid-format = No es un memo válido para { $network }. Revísalo.
memo-encrypted = En { $network }, un memo que empieza por # se envía cifrado y el exchange que lo recibe no podría leerlo. Escribe el memo sin el #.

summary-title = <b>Revisa todo</b>
summary-send = Envías: <b>{ $amount } { $currency }</b>
summary-receive = Recibes aprox.: <b>{ $amount } { $currency }</b>
summary-rate = Tasa: 1 { $base } = { $rate } { $quote }
summary-provider = Proveedor: { $provider } ({ $type })
summary-address = A la dirección ({ $network }): <code>{ $address }</code>
summary-address-compare = ⚠️ No puedo comprobar direcciones en esta red: compara la dirección de arriba con tu billetera carácter por carácter.
summary-memo = Memo: <code>{ $memo }</code>
summary-no-memo = Memo: ninguno (confirmaste que tu billetera no lo necesita)
button-confirm = ✅ Confirmar
button-change = ✏️ Cambiar
button-cancel = ✖️ Cancelar
flow-change-what = ¿Qué quieres cambiar?
change-from = Lo que envío
change-to = Lo que recibo
change-amount = Cantidad
change-offer = Oferta
change-address = Dirección
change-memo = Memo
flow-offer-gone = ⚠️ { $provider } ya no ofrece este intercambio. Elige otra oferta.
flow-quote-changed = ⚠️ La oferta cambió desde que la viste: ahora recibirías unos <b>{ $receive } { $currency }</b> en lugar de { $was }. Estas son las cifras nuevas: confirma de nuevo si te convienen.
flow-quote-limits-changed = ⚠️ Los límites de la oferta cambiaron y tu cantidad ya no entra en ellos. Elige una oferta de nuevo.
flow-create-unknown = ⚠️ No pude confirmar si tu intercambio se creó: envié la solicitud, pero el servicio de intercambio no dio una respuesta clara, así que <b>es posible</b> que se haya creado un intercambio. No tengo dirección de depósito para él: <b>no envíes nada</b> hasta que veas una dirección de depósito mía. No volveré a intentar esta solicitud por mi cuenta; para intentarlo de nuevo, empieza con /exchange. Referencia para el soporte: <code>{ $reference }</code>, { $time }.
flow-create-in-flight = ⏳ Es posible que tu intercambio se esté creando ahora mismo: la solicitud para crearlo llegó al servicio de intercambio y su respuesta aún no ha llegado. Sus datos de depósito, o el rechazo del servicio, llegarán aquí en cuanto se sepan; no hace falta que confirmes de nuevo. <b>No envíes nada</b> hasta que veas una dirección de depósito mía. Referencia para el soporte: <code>{ $reference }</code>, { $time }.
create-refused-later = ❌ El servicio de intercambio rechazó el intercambio que confirmaste: <b>no</b> se creó y ninguna dirección de depósito espera tus monedas, así que no envíes nada para él. Para intentarlo de nuevo, empieza con /exchange. Referencia para el soporte: <code>{ $reference }</code>, { $time }.

created-title = ✅ <b>Intercambio creado</b>
created-send = Envía exactamente <code>{ $amount }</code> <b>{ $currency }</b> (cantidad exacta, sin redondear: tócala para copiarla) en la red <b>{ $network }</b> a esta dirección:
created-memo = ⚠️ <b>Incluye este memo o puedes perder tu depósito:</b> <code>{ $memo }</code>
created-tracking = Te escribiré en cada cambio de estado.
created-repeat = 🔁 Te lo envío de nuevo por si el mensaje anterior no llegó, aunque puede que sí. Son los mismos datos: envía los fondos una sola vez.
# A status message sent again after a send that may have arrived (it comes first, on a line of its own).
notice-repeat = 🔁 Te lo envío de nuevo por si el mensaje anterior no llegó, aunque puede que sí.
created-qr = Código QR de la dirección de depósito de { $currency }

## Statuses, cards and the tracker's messages

status-waiting = ⏳ Esperando tu depósito
status-confirming = 🔎 Confirmando tu depósito
status-exchanging = 🔄 Intercambiando
status-sending = 📤 Enviando a tu dirección
status-finished = ✅ Completado
status-failed = ❌ Fallido
status-refunded = ↩️ Reembolsado
status-overdue = ⌛ Vencido: no llegó el depósito a tiempo
status-unknown = ❔ { $status }
card-title = 🔁 Intercambio <code>{ $id }</code>
card-pair = { $amount } { $from } → unos { $receive } { $to }
card-status = Estado: <b>{ $status }</b>
card-to = Destino: <code>{ $address }</code>
card-to-memo = Memo: <code>{ $memo }</code>
card-provider = Proveedor: { $provider } ({ $type })
card-refund = Reembolsado a: <code>{ $address }</code>
card-hash-from = Tu depósito: { $link }
card-hash-to = Pago: { $link }
card-hash-refund = Reembolso: { $link }
card-not-tracked = Ya no sigo este intercambio por mi cuenta; toca Actualizar para ver su estado.
card-updated = <i>Actualizado: { $time }</i>
slow-title = ⏳ <b>Está tardando más de lo habitual</b> · intercambio <code>{ $id }</code>
slow-confirming = Tu depósito de { $sent } { $from } llegó y espera las confirmaciones de la red { $network }, que suelen tardar unos { $minutes } min. Cuando la red está congestionada tarda más: es normal y tus fondos no se han perdido.
slow-exchanging = { $provider } está cambiando tus { $from } por { $to }, lo que suele tardar unos { $minutes } min. A veces el proveedor revisa un depósito antes de cambiarlo: tarda más, y tus fondos no se han perdido.
slow-sending = { $provider } está enviando unos { $receive } { $to } a <code>{ $address }</code>, lo que suele tardar unos { $minutes } min. Puede que la red { $network } esté congestionada.
slow-follow = Tu depósito en la red: { $link }
slow-what-to-do = Por ahora no tienes que hacer nada: sigo el intercambio y te aviso cuando avance. Si en { $later } min nada ha cambiado, pide ayuda con el ID del intercambio: toca { $button } en la tarjeta y envía ese mensaje.
card-late = ⚠️ Más tarde de lo habitual: «{ $status }» desde { $since }.
change-title = <b>{ $status }</b> · intercambio <code>{ $id }</code>
change-waiting = El intercambio está esperando tu depósito de { $sent } { $from }.
change-confirming = Tu depósito de { $sent } { $from } llegó y se está confirmando.
change-exchanging = Tu { $from } se está intercambiando por { $to }.
change-sending = Unos { $receive } { $to } van en camino a <code>{ $address }</code>.
change-finished = Listo: { $receive } { $to } enviados a <code>{ $address }</code>.
change-failed = El intercambio falló. Contacta con el soporte y dales el ID del intercambio <code>{ $id }</code>: reenvíanos este mensaje o escribe al soporte de { $provider }.
change-refunded = Tu depósito fue reembolsado.
change-refund-address = Reembolso enviado a <code>{ $refund }</code>.
received-vs-quote = { $direction ->
   *[less] Recibido: { $received } { $to }; la cotización decía unos { $quoted }: { $percent } menos.
    [more] Recibido: { $received } { $to }; la cotización decía unos { $quoted }: { $percent } más.
    [same] Recibido: { $received } { $to }, tal como se cotizó.
}
change-overdue = No llegó ningún depósito a tiempo, así que el intercambio venció. No envíes nada a su dirección de depósito ahora; empieza un intercambio nuevo con /exchange.
change-unknown = El servicio de intercambio informa de un estado que no conozco. Sigo comprobándolo y te avisaré cuando cambie.
history-page = Página { $page } de { $pages }
status-not-found = No encuentro ningún intercambio tuyo con ese ID. Revisa el ID o mira /history.
status-usage = Envía el ID del intercambio después del comando, por ejemplo: <code>/status exolix-floating-abc123</code>
refresh-cooldown = Se actualizó hace un momento. Inténtalo de nuevo en { $seconds } s.
refresh-failed = No pude contactar con el servicio de intercambio; te muestro lo que sé.
support-lookup-queue-full = ⏳ Ya tienes { $count ->
        [one] una solicitud
        [many] { $count } de solicitudes
       *[other] { $count } solicitudes
    } esperando en la fila del servicio de intercambio, así que esto es lo que sé, no el estado en vivo. Vuelve a consultarlo en unos { $seconds } s.
refresh-queue-full = ⏳ Ya tienes { $count ->
        [one] una solicitud
        [many] { $count } de solicitudes
       *[other] { $count } solicitudes
    } esperando en la fila del servicio de intercambio, así que esta ficha no se actualizó. Vuelve a tocar Actualizar en unos { $seconds } s.
button-funds-sent = 📨 Ya envié los fondos
funds-sent-thanks = ¡Gracias! Durante los próximos { $minutes } min buscaré tu depósito { $seconds ->
        [60] cada minuto
       *[other] cada { $seconds } s
    } y te avisaré en cuanto llegue.

## Support staff

support-lookup-unknown = No hay ningún intercambio con ese ID, ni en este bot ni en el servicio de intercambio. Pega el ID o pide su mensaje 🧾 Para soporte (nunca la ficha: puede mostrar la frase antiphishing del cliente).
support-user-unknown = No existe ese usuario. Envía su id de Telegram o su @usuario.
support-user-title = <b>Usuario { $id }</b> (@{ $username }, idioma { $language }): { $count ->
        [one] { $count } intercambio
        [many] { $count } de intercambios
       *[other] { $count } intercambios
    }, los más recientes primero:
support-lookup-owner = Creado por el usuario <code>{ $id }</code> (@{ $username }, idioma { $language })
support-lookup-created = Creado: { $time } UTC
support-lookup-tracked = Con seguimiento: próxima comprobación { $time } UTC
support-lookup-not-tracked = Ya sin seguimiento
support-lookup-history = <b>Historial de estados</b> (UTC):
support-stats =
    <b>Estadísticas</b>
    Usuarios: { $users }
    Intercambios por estado: { $exchanges }
    Llamadas al servicio en la última hora: crear { $create }, usuario { $user }, sondeo { $poll }, catálogo { $catalogue }, alertas de tasa { $alert }
    Respuestas 429 del servicio: { $limited }
    Seguimiento: { $tracked } en seguimiento, { $due } pendientes ahora

## Quotes in groups and inline mode

rate-usage = Uso: <code>/rate 0.5 btc usdt</code> · elige una red con <code>usdt-trx</code> o <code>usdt trx</code>
rate-admins-only = En este grupo solo los administradores pueden pedir cotizaciones.
rate-main-network = { $symbol } en su red principal, { $network }
rate-pair-invalid = Este par no se puede intercambiar.
rate-below-minimum = La cantidad está por debajo del mínimo para este par.
rate-forbidden = El servicio de intercambio no le da cotizaciones a este bot para este par en este momento (sin acceso). Inténtalo más tarde.
rate-slow-down = ⏳ Pediste varias cotizaciones nuevas en el último minuto: el servicio de intercambio solo permite unas pocas llamadas por minuto para todos. Espera { $seconds } s y vuelve a pedirla (las cantidades que acabas de pedir, o que difieren de ellas menos de un 1 %, se responden al momento).
rate-queue-full = ⏳ Ya tienes { $count ->
        [one] una cotización
        [many] { $count } de cotizaciones
       *[other] { $count } cotizaciones
    } esperando en la fila del servicio de intercambio. La primera debería llegar en unos { $seconds } s: vuelve a pedirla después.
rate-offer-line = { $rank }. <b>{ $provider }</b>: { $receive } { $to }{ $versus } · { $type }
rate-offer-out-of-limits = { $rank }. <b>{ $provider }</b>: fuera de sus límites para esta cantidad ({ $min } – { $max } { $from })
rate-out-of-limits-short = fuera de sus límites
rate-offer-title = { $estimated ->
        [yes] { $provider }: ≈ { $receive } { $currency }
       *[no] { $provider }: { $receive } { $currency }
    }
rate-estimated = <i>≈ Estimado a partir de una cotización para { $amount } { $from }: las cifras para esta cantidad exacta pueden variar un poco.</i>
rate-limits = Límites de la mejor oferta: { $min } – { $max } { $from }
rate-time = <i>Cotizado a las { $time }</i>
rate-exchange-button = 🔄 Intercambiar en privado
settings-title = <b>Ajustes del grupo</b>: quién puede pedir cotizaciones y el idioma de mis respuestas aquí.
settings-admins-only = Solo los administradores del grupo pueden cambiar estos ajustes.
settings-everyone = Todos
settings-admins = Solo admins
inline-summary-title = { $amount } { $from } → { $to }
inline-hint-title = Escribe una cantidad y dos monedas
inline-unavailable-title = El servicio de intercambio no está disponible ahora
inline-slow-down-title = Demasiadas cotizaciones nuevas: espera { $seconds } s
inline-hint-description = Por ejemplo: 0.5 btc usdt
command-status = Estado de un intercambio por su ID
command-rate = Cotización: /rate 0.5 btc usdt
command-settings = Ajustes del grupo (admins)
command-lookup = Soporte: buscar un intercambio
command-user = Soporte: intercambios de un usuario
command-stats = Soporte: estadísticas
command-late = Soporte: intercambios más lentos de lo habitual
support-lookup-foreign = <i>No se creó a través de este bot: solo lo que dice el servicio de intercambio.</i>

## deposit details
deposit-missing-address = ⚠️ <b>El servicio de intercambio aún no ha dado la dirección de depósito.</b> No envíes nada hasta que la muestre aquí.
deposit-missing-memo = ⚠️ <b>El servicio de intercambio aún no ha dado el memo del depósito.</b> En { $network }, un depósito sin su memo puede perderse, así que no muestro la dirección: no envíes nada hasta que muestre ambos.
deposit-incomplete-choices = Toca <b>Reintentar</b> para preguntar de nuevo al servicio, o <b>Salir</b>: el intercambio se queda en /history y te escribiré cuando estén los datos del depósito.
deposit-ready = 📬 Ya están los datos del depósito del intercambio <code>{ $id }</code>. Envía solo como se indica abajo.
button-leave = Salir
created-qr-memo = Código QR de la dirección de depósito de { $currency }. No incluye el memo: introduce tú el memo <code>{ $memo }</code> o puedes perder tu depósito.

## create outcomes
history-unconfirmed = ⚠️ <b>Sin confirmar</b>: para estas solicitudes, el servicio de intercambio puede haber creado un intercambio, pero nunca me dio su ID, así que no puedo mostrarlo ni seguirlo aquí. Nunca te di una dirección de depósito para ellas: no envíes nada por ellas. Si algo va mal, reenvíanos este mensaje.
history-unconfirmed-line = • { $time }, referencia <code>{ $reference }</code>
support-request-title = <b>Solicitud de creación</b> <code>{ $reference }</code>
support-request-unknown = ⚠️ <b>Resultado desconocido</b>: puede que la solicitud llegara al servicio de intercambio, y ninguna respuesta dijo si se creó un intercambio. El bot no tiene ID de intercambio para ella, así que no tiene seguimiento, y al cliente no se le mostró ninguna dirección de depósito.
support-request-in-flight = ⏳ <b>Aún sin respuesta</b>: puede que la solicitud siga en camino (tiene menos de { $minutes } min).
support-request-failed = ❌ <b>Rechazada</b> por el servicio de intercambio; no se creó nada.
support-request-created = ✅ <b>Creado</b>: intercambio <code>{ $id }</code>.
support-request-reason = Última respuesta: { $reason }
support-request-owner = Solicitada por el usuario <code>{ $id }</code> (@{ $username }, idioma { $language })
support-request-at = Solicitada: { $time } UTC
support-request-no-details = Esta solicitud se hizo antes de que el bot guardara lo que pedía cada solicitud: la línea de log "createTransaction failed" con esta referencia tiene el par, la cantidad, el proveedor y la dirección.
support-request-asked = Pedido: { $amount } { $from } → { $to } con { $provider } ({ $type })
support-stats-unknown = Creaciones con resultado desconocido (puede existir un intercambio, sin ID): { $count }
support-late-none = Ningún intercambio va más lento de lo habitual.
support-late-title = <b>Más lentos de lo habitual</b> ({ $count }), primero los más largos:
support-late-line = • <code>{ $id }</code> · «{ $status }» desde { $since } UTC · { $provider }
support-stats-exchange-ok = Servicio de intercambio: disponible
support-stats-exchange-down = ⚠️ Servicio de intercambio: <b>no disponible</b> desde { $since } UTC ({ $reason }): { $detail }

## tracker: never silent
tracking-stopped-not-found = ⚠️ <b>Dejé de seguir el intercambio</b> <code>{ $id }</code>: el servicio de intercambio sigue respondiendo que no lo encuentra.
tracking-stopped-stalled = ⚠️ <b>Dejé de seguir el intercambio</b> <code>{ $id }</code>: muestra «{ $status }» desde { $since }.
tracking-stopped-what-to-do = Tus fondos no se pierden porque yo haya dejado de vigilarlo. Si enviaste un depósito o aún esperas un pago, contacta con el soporte de { $provider } y dales el ID del intercambio <code>{ $id }</code>. El botón Actualizar de la ficha del intercambio sigue mostrando su estado.
card-tracking-stopped = ⚠️ Dejé de seguir este intercambio el { $time }: { $reason }. Si tus fondos no han llegado, contacta con el soporte de { $provider } y dales el ID del intercambio. Toca Actualizar para ver su estado.
tracking-reason-not-found = el servicio de intercambio no lo encontraba
tracking-reason-stalled = su estado dejó de cambiar
tracking-reason-unknown = no se registró el motivo
support-lookup-stopped = Sin seguimiento desde { $time } UTC: { $reason }

## Anti-phishing: /phrase, /verify
deposit-phrase =
    🔐 Tu frase: <b>{ $phrase }</b>
    No reenvíes este mensaje ni muestres la frase a nadie, tampoco al soporte: para el soporte, toca 🧾 Para soporte.
phrase-none =
    Aún no tienes una frase antiphishing.

    Configúrala con <code>/phrase tus propias palabras</code>. A partir de entonces, cada mensaje mío que muestre adónde enviar tus monedas la incluirá. Un bot que imite mis mensajes no puede conocerla: una dirección de depósito que aparezca sin tu frase no es mía.
phrase-current =
    Tu frase antiphishing es <b>{ $phrase }</b>. Cada mensaje mío que muestra adónde enviar tus monedas la incluye.

    Cámbiala con <code>/phrase palabras nuevas</code> o elimínala con <code>/phrase off</code>.
phrase-set = ✅ Guardada. Cada mensaje que muestre una dirección de depósito incluye ahora <b>{ $phrase }</b>. Borré tu mensaje para que la frase no quede en el chat. Nunca reenvíes un mensaje que la muestre y no se la digas a nadie: el soporte nunca la pide. Para el soporte, toca 🧾 Para soporte en la ficha del intercambio y reenvía ese mensaje: nunca contiene tu frase.
phrase-removed = Tu frase antiphishing se eliminó.
phrase-invalid = Tu frase debe tener de { $min } a { $max ->
        [one] { $max } carácter
        [many] { $max } de caracteres
       *[other] { $max } caracteres
    } y no puede empezar con «/». Inténtalo de nuevo: <code>/phrase tus propias palabras</code>.
verify-usage = Envía <code>/verify @nombre</code> para comprobar si una cuenta es este bot o nuestro soporte.
verify-bot = ✅ @{ $name } es este bot: Telegram lo acaba de confirmar.
verify-staff = ✅ @{ $name } es parte de nuestro equipo de soporte: Telegram lo acaba de confirmar a partir de su cuenta.
verify-unknown = ⚠️ @{ $name } <b>no</b> es este bot y <b>no</b> es nuestro soporte. No le envíes monedas, claves privadas ni frases semilla.
verify-unavailable = No pude consultar a Telegram ahora mismo, así que no puedo confirmar ninguna cuenta. Inténtalo de nuevo en un minuto; hasta entonces, no confíes en ninguna cuenta que te escriba primero.
verify-reminder = Nuestro soporte nunca escribe primero y nunca pide claves privadas, contraseñas ni frases semilla.
command-phrase = Frase antiphishing
command-verify = ¿Una cuenta es este bot o nuestro soporte?

## Card: for support, swap again
button-receipt = 🧾 Para soporte
button-swap-again = 🔁 Repetir intercambio
receipt-title = 🧾 <b>Para soporte</b> · intercambio { $id }
receipt-provider = Proveedor: { $provider } ({ $type })
receipt-created = Creado: { $time }
receipt-amounts = Enviado: { $sent } { $from } → recibido: { $receive } { $to }
receipt-quoted = Cotizado al confirmar: unos { $quoted } { $to }
receipt-deposit = Dirección de depósito (registro para el soporte, no para pagar): { $address } · memo: { $memo }
receipt-deposit-none = Dirección de depósito: aún incompleta (no se muestra)
receipt-to = Dirección de recepción: { $address } · memo: { $memo }
receipt-refund = Dirección de reembolso: { $address }
receipt-hashes = Hash del depósito: { $hashIn } · hash del pago: { $hashOut }
receipt-status = Estado: { $status } ({ $raw })
receipt-history = Historial de estados:
receipt-tracking-stopped = Seguimiento detenido el { $time }: { $reason }
receipt-footer = Reenvía este mensaje al soporte: contiene todo lo que necesitan y ningún secreto. Nunca contiene tu frase antiphishing: nunca reenvíes un mensaje que la contenga. El soporte nunca escribe primero.

## Export
export-empty = Aún no tienes intercambios para exportar. Escribe /exchange para empezar uno.
export-caption = 📄 { $count ->
        [one] Tu intercambio
        [many] Tus { $count } de intercambios
       *[other] Tus { $count } intercambios
    } en un archivo CSV (horas en UTC), para tus registros o tu herramienta de impuestos.
command-export = Tus intercambios en un archivo CSV

## Address book
button-save-address = 💾 Guardar esta dirección
addresses-ask-label = ¿Cómo llamo a esta dirección? Envía una etiqueta corta (hasta { $max ->
        [one] { $max } carácter
        [many] { $max } de caracteres
       *[other] { $max } caracteres
    }), por ejemplo <i>Ledger</i> o <i>Cuenta del exchange</i>.
addresses-ask-rename = Nueva etiqueta para <b>{ $label }</b> (hasta { $max ->
        [one] { $max } carácter
        [many] { $max } de caracteres
       *[other] { $max } caracteres
    }):
addresses-label-invalid = Una etiqueta tiene de 1 a { $max ->
        [one] { $max } carácter
        [many] { $max } de caracteres
       *[other] { $max } caracteres
    } en una sola línea. Envía otra, o un comando para dejarlo.
addresses-saved = 📒 Guardada como <b>{ $label }</b>. En el paso de la dirección para { $network } aparecerá como botón.
addresses-renamed = ✅ Renombrada a <b>{ $label }</b>.
addresses-already = Ya está en tu libreta de direcciones como { $label }.
addresses-full = Tu libreta de direcciones está llena ({ $max ->
        [one] { $max } dirección
        [many] { $max } de direcciones
       *[other] { $max } direcciones
    }). Primero elimina una en /addresses.
addresses-empty = Tu libreta de direcciones está vacía. Después de un intercambio completado te ofrezco guardar su dirección de recepción.
addresses-title = <b>📒 Tus direcciones</b>
addresses-memo = memo <code>{ $memo }</code>
addresses-footer = Toca ✏️ para renombrar o 🗑 para eliminar.
addresses-deleted = Eliminada.
flow-address-book-hint = O toca una de tus direcciones guardadas:
address-saved-invalid = La dirección guardada <b>{ $label }</b> ya no es una dirección válida de { $network }. Escribe la dirección.
command-addresses = Tus direcciones guardadas

## Rate alerts
alert-usage =
    Crea una alerta de tasa: <code>/alert 0.5 btc eth 17.2</code> te avisa cuando por 0.5 BTC recibas al menos 17.2 ETH.
    Redes como en /rate: <code>usdt-trx</code> o <code>usdt trx</code>. Tus alertas: /alerts.
alert-created = 🔔 Te avisaré cuando por { $amount } { $from } recibas al menos <b>{ $target } { $to }</b>. Lo compruebo como mucho cada { $minutes } min, siempre que al servicio de intercambio le quede margen después de cotizaciones e intercambios (en un día con mucho movimiento, con menos frecuencia); la alerta termina { $days ->
        [one] al cabo de { $days } día
        [many] al cabo de { $days } de días
       *[other] al cabo de { $days } días
    }. Tus alertas: /alerts.
alert-too-many = Ya tienes { $max ->
        [one] { $max } alerta
        [many] { $max } de alertas
       *[other] { $max } alertas
    }, el máximo que guardo por persona. Primero elimina una en /alerts.
alert-reached = 🔔 <b>Alerta de tasa</b>: por { $amount } { $from } ahora recibes <b>{ $receive } { $to }</b> (mejor oferta, { $provider }), al menos los { $target } que pediste. Esta alerta terminó; una cotización nueva puede variar un poco.
alert-exchange-button = 🔄 Intercambiar ahora
alert-expired = ⌛ Tu alerta de tasa de { $amount } { $from } → al menos { $target } { $to } terminó { $days ->
        [one] al cabo de { $days } día
        [many] al cabo de { $days } de días
       *[other] al cabo de { $days } días
    } sin alcanzarse.
alerts-empty = No tienes alertas de tasa. Crea una con <code>/alert 0.5 btc eth 17.2</code>.
alerts-title = <b>🔔 Tus alertas de tasa</b>
alerts-line = { $n }. { $amount } { $from } → al menos { $target } { $to } · hasta { $until }
alerts-removed = Alerta eliminada.
flow-alert-button = 🔔 Crear alerta de tasa…
flow-alert-ask = ¿Cuánto { $to } quieres recibir como mínimo por { $amount } { $from }? Envía la cantidad, por ejemplo <code>{ $example }</code>.
command-alert = Alerta de tasa: /alert 0.5 btc eth 17.2
command-alerts = Tus alertas de tasa

## Deposit card: copy buttons (the app copies exactly what the card shows)
button-copy-amount = 📋 Cantidad exacta
button-copy-address = 📋 Dirección de depósito
button-copy-memo = 📋 Memo

# Issue 32: how long a quote holds, and the next best offer after a refusal.
summary-quote-holds = ⏱ Esta cotización es válida durante { $seconds } s: pasado ese tiempo, al tocar Confirmar la vuelvo a comprobar antes de crear nada.
summary-floating-means = Tasa flotante: la cantidad que recibes sigue al mercado hasta que se intercambien tus monedas, así que al final puede ser un poco mayor o menor.
summary-fixed-means = Tasa fija: el proveedor se compromete a entregarte la cantidad mostrada, siempre que envíes exactamente la cantidad de arriba y a tiempo.
flow-next-best = { $refused } no pudo aceptar el intercambio. Abajo tienes la siguiente mejor oferta, de <b>{ $provider }</b>: revísala y confirma si te conviene.
flow-next-best-waiting = ⏳ Buscando la siguiente mejor oferta para ti.
flow-next-best-done = ✅ Ya llegaron las ofertas. Toca el botón de abajo para ver la siguiente mejor.
flow-next-best-wait = ⏳ Sigo buscando: aparecerá aquí un botón en cuanto lleguen las ofertas.
button-see-offer = 👀 Ver la oferta
