# Keys are prefixed by feature. Every value that comes from a person or the service is
# HTML-escaped before it is passed in.

## Start, menu, help, language

start-welcome =
    👋 <b>Olá, { $name }!</b>

    Eu troco criptomoedas por meio de um agregador de corretoras: comparo as ofertas de vários provedores, você escolhe uma e eu digo para onde enviar suas moedas. Sem cadastro.

    Toque em <b>Trocar</b> para começar ou digite /exchange.

    🛡 Nosso suporte nunca escreve primeiro e nunca pede chaves privadas nem frases de recuperação (seed): confira qualquer conta com /verify @nome.
menu-exchange = 🔄 Trocar
menu-history = 📜 Minhas trocas
menu-language = 🌐 Idioma
menu-help = ❓ Ajuda
help-text =
    <b>Como funciona</b>
    1. Escolha o que enviar e o que receber (uma moeda em uma rede).
    2. Digite o valor e compare as ofertas.
    3. Informe seu endereço de recebimento (e o memo, se a rede exigir).
    4. Confirme: eu crio a troca e mostro o endereço de depósito.
    5. Envie exatamente o valor indicado. Eu aviso você a cada mudança de status.

    /exchange — iniciar uma troca
    /history — suas trocas
    /export — suas trocas em um arquivo CSV
    /addresses — seus endereços de recebimento salvos
    /alert 0.5 btc eth 17.2 — avisar quando 0.5 BTC der pelo menos 17.2 ETH; /alerts lista seus alertas
    /cancel — sair da troca atual
    /language — mudar o idioma

    <b>Sua segurança</b>
    /phrase — defina uma frase antiphishing: ela aparece em toda mensagem minha que mostra para onde enviar suas moedas, e um bot clone que imite minhas mensagens não consegue incluí-la.
    /verify @nome — confira se uma conta é este bot ou nosso suporte. O suporte nunca escreve primeiro e nunca pede chaves privadas nem frases de recuperação.
language-pick = Escolha seu idioma:
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
language-changed = ✅ Idioma alterado para português.
cancel-nothing = Não há nada para cancelar. Digite /exchange para iniciar uma troca.
unknown-command = Não conheço esse comando. Digite /help para ver o que eu sei fazer.
fallback-text = Digite /exchange para iniciar uma troca ou /help para ver o que eu sei fazer.
button-expired = Este botão expirou.
sandbox-notice = 🧪 <i>Ambiente de testes (sandbox): nada aqui é real, nenhum valor é movimentado.</i>

command-start = Menu principal
command-exchange = Iniciar uma troca
command-history = Minhas trocas
command-cancel = Sair da troca atual
command-language = Mudar o idioma
command-help = Como funciona

## History

history-empty = Você ainda não tem trocas. Digite /exchange para começar uma.
history-title = <b>Suas trocas</b>, das mais recentes para as mais antigas:
history-line = • { $amount } { $from } → { $to }: <b>{ $status }</b>
    <code>{ $id }</code>
history-button = { $n }. { $amount } { $from } → { $to }

## The exchange flow

flow-pick-from = O que você quer <b>enviar</b>?
flow-pick-to = Você envia <b>{ $from }</b>. O que quer <b>receber</b>?
flow-pick-hint = Toque em uma moeda ou digite o símbolo ou o nome dela: <code>usdt</code>, <code>tether</code>, ou um símbolo com a rede: <code>usdt trx</code>.
flow-pick-hint-recent = Toque em um dos seus pares recentes ou em uma moeda, ou digite o símbolo ou o nome dela (por exemplo <code>usdt</code>, <code>usdt trx</code>).
flow-pick-network = <b>{ $symbol }</b> ({ $name }) existe em várias redes. Em qual delas?
flow-back-to-list = « Moedas populares
flow-matches = Moedas que correspondem a “{ $query }”:
flow-nothing-found = Não encontrei nenhuma moeda chamada “{ $query }”.
flow-did-you-mean = Você quis dizer uma destas?
flow-same-currency = Não dá para trocar { $currency } por ela mesma. Escolha outra moeda para receber.
flow-unknown-command = Esse comando não funciona aqui. Digite /cancel para sair da troca.
flow-text-expected = Digite sua resposta ou toque em um botão.
flow-step-again = Muitas das suas respostas não serviam para esta etapa, então vou perguntar de novo desde o começo. O que você escolheu antes continua salvo; /cancel sai da troca.
flow-tap-a-button = Toque em um dos botões acima.
flow-cancelled = Troca cancelada. As trocas que você já criou estão em /history.
start-flow-closed = Fechei a troca que você estava montando; nada foi criado. Comece de novo com /exchange; as trocas que você já criou estão em /history.
start-flow-closed-created = Fechei a troca que você estava montando. A troca <code>{ $id }</code> foi criada e continua aberta: vou avisar você quando o serviço enviar os dados do depósito. Ela está em /history.
flow-cancelled-created = A troca <code>{ $id }</code> já tinha sido criada, então ela não foi cancelada: nada é movimentado a menos que você envie fundos para ela. Vou avisar você quando o serviço enviar os dados do depósito; ela está em /history.
flow-too-large = ⌛ A troca que você estava montando ficou grande demais para eu guardar (mensagens demais de ida e volta), então eu a fechei. Digite /exchange para começar de novo; as trocas que você já criou estão em /history.
flow-too-large-created = ⌛ Nossa conversa sobre esta troca ficou grande demais para eu guardar (mensagens demais de ida e volta), então eu a fechei. A troca <code>{ $id }</code> foi criada e continua aberta: vou avisar você quando o serviço enviar os dados do depósito. Ela está em /history.
flow-timeout = ⌛ A troca que você estava montando ficou parada por 30 minutos, então eu a fechei. Digite /exchange para começar de novo; as trocas que você já criou estão em /history.
flow-timeout-created = ⌛ Esta conversa comigo ficou parada por 30 minutos, então eu a fechei. A troca <code>{ $id }</code> foi criada e continua aberta: vou avisar você quando o serviço enviar os dados do depósito. Ela está em /history.

flow-ask-amount = Quanto de <b>{ $from }</b> você quer enviar? Por exemplo <code>0.5</code>.
amount-empty = Digite um valor, por exemplo <code>0.5</code>.
amount-not-a-number = Não consigo ler isso como número. Digite um valor como <code>0.5</code> ou <code>1 000</code>.
amount-zero = O valor precisa ser maior que zero.
amount-negative = O valor não pode ser negativo.
amount-exponent = Escreva o valor completo, sem expoente (não <code>1e5</code>).
amount-too-many-decimals = Casas decimais demais: aceito no máximo { $decimals ->
        [one] { $decimals } casa decimal
        [many] { $decimals } de casas decimais
       *[other] { $decimals } casas decimais
    } depois da vírgula ou do ponto.
amount-too-large = Esse valor é grande demais. Confira e digite de novo.
amount-ambiguous = Não sei se o separador em <code>{ $input }</code> agrupa os milhares ou marca as casas decimais: as pessoas escrevem dos dois jeitos. Escreva um número inteiro sem separador (<code>1234</code>) ou um decimal com um zero a mais no final (<code>1,2340</code>).

queue-position = ⏳ O serviço de troca está ocupado: você é o número { $position } na fila, cerca de { $seconds } s.
create-rate-limited = ⏳ O serviço de troca pediu para eu esperar: sua troca ainda não foi criada. Vou tentar de novo em cerca de { $seconds } s.
flow-offers-loading = ⏳ Buscando ofertas para { $amount } { $from } → { $to }…
flow-recheck-waiting = ⏳ Sua cotação tem mais de um minuto: estou conferindo a oferta de novo antes de criar a troca.
flow-recheck-done = ✅ A oferta foi conferida. Toque em Confirmar para continuar.
flow-recheck-wait = ⏳ Ainda conferindo a oferta: vou mostrar um botão Confirmar aqui assim que terminar.
flow-offers-header = <b>{ $amount } { $from } → { $to }</b>
flow-quote-age = Ofertas, da melhor para a pior · cotadas às { $time } (há { $seconds } s)
flow-offer-line = { $rank }. <b>{ $provider }</b>: { $receive } { $to }{ $versus } · { $type }
    {"    "}limites: { $min } – { $max } { $from }
rate-floating = cotação flutuante
rate-fixed = cotação fixa
limit-none = sem máximo
offer-versus-best = ({ $percent })
flow-offer-button = { $provider } · { $receive } { $currency }
tag-recommended = ⭐ Recomendado
tag-ai-best-rate = 🤖 Melhor cotação por IA
tag-best-rate = 💰 Melhor cotação
tag-best-in-kyc = 🛡 Menos verificações de identidade (KYC)
button-refresh = 🔄 Atualizar
button-retry = 🔁 Tentar de novo
flow-change-amount = ✏️ Alterar valor
flow-change-from = Mudar o que envio
flow-change-to = Mudar o que recebo
flow-pair-invalid = Este par não pode ser trocado: { $from } → { $to }. Escolha outra moeda.
flow-below-minimum = { $amount } { $from } está abaixo do mínimo que os provedores aceitam para este par. Digite um valor maior.
flow-no-offers = Nenhum provedor oferece { $from } → { $to } no momento. Tente outro valor ou outro par.
flow-offer-out-of-limits = { $provider } aceita de { $min } a { $max } { $currency }; você digitou { $amount }. Escolha outra oferta ou altere o valor.
error-unavailable = O serviço de troca não está respondendo agora. Suas escolhas foram mantidas: tente de novo daqui a pouco.
exchange-unavailable = ⚠️ O serviço de troca está indisponível agora, então não consigo cotar nem criar trocas. Tente de novo mais tarde; as trocas que você já criou estão em /history.
error-rate-limited = O serviço de troca está ocupado. Suas escolhas foram mantidas: tente de novo em { $seconds } s.
error-queue-full = ⏳ Você já tem { $count ->
        [one] uma cotação
        [many] { $count } de cotações
       *[other] { $count } cotações
    } aguardando na fila do serviço de troca. Suas escolhas foram mantidas: tente de novo em cerca de { $seconds } s, quando a primeira chegar.
error-refused = O serviço de troca recusou isto: { $reason }
error-refused-plain = O serviço de troca recusou isto.
error-forbidden = O serviço de troca negou a este bot o acesso a este pedido, por enquanto. Suas escolhas foram mantidas: tente de novo mais tarde e, se continuar acontecendo, avise o nosso suporte.

flow-ask-address = Envie o endereço de <b>{ $currency }</b> na rede <b>{ $network }</b> onde você quer receber suas moedas.
    Copie da sua carteira e confira bem a rede.
address-empty = Envie o endereço como texto.
address-too-long = Isso é longo demais para um endereço da rede { $network }. Confira, por favor.
address-whitespace = Um endereço não tem espaços nem quebras de linha. Envie só o endereço.
address-unprintable = Esse texto tem caracteres ocultos ou incomuns, e nenhum endereço real tem. Copie o endereço de novo.
address-invalid-format = Esse não é um endereço válido da rede { $network }. Confira se ele é desta rede e copie de novo.
address-burn-address = Esse é um endereço de queima: ninguém jamais consegue gastar o que é enviado para lá, então suas moedas seriam perdidas. Envie o endereço da sua própria carteira.
address-token-contract = Esse é o contrato do token { $token }, não uma carteira: moedas enviadas para um contrato de token se perdem para sempre. Envie o endereço da sua própria carteira (sua carteira mostra em “Receber”).
flow-address-unchecked = ⚠️ Não consigo verificar endereços da rede { $network }: um endereço com um caractere errado seria aceito. Copie da sua carteira e compare caractere por caractere antes de confirmar.

flow-ask-memo =
    ⚠️ <b>A rede { $network } exige um memo (destination tag)</b> para { $currency }.
    Corretoras e carteiras custodiais usam o memo para creditar sua conta: <b>sem o memo correto, você pode perder seus fundos.</b>

    Digite o memo que sua carteira mostra, ou toque no botão se a sua própria carteira realmente não exige memo.
flow-no-memo = Minha carteira: sem memo
flow-no-memo-sure = Tem certeza? Siga sem memo só se a carteira que vai receber for sua e não exigir memo. Corretoras e carteiras custodiais <b>sempre</b> exigem memo na rede { $network }.
flow-no-memo-yes = Sim, enviar sem memo
flow-no-memo-back = Não, vou digitar o memo
flow-type-memo = Digite o memo.
memo-too-long = Esse memo é longo demais para a rede { $network }. Confira, por favor.
memo-unprintable = Esse memo tem caracteres ocultos ou incomuns. Copie de novo.
memo-invalid-format = Esse não é um memo válido para a rede { $network }. Confira, por favor.
memo-encrypted = Na rede { $network }, um memo que começa com # é enviado criptografado, e a corretora que recebe não conseguiria lê-lo. Digite o memo sem o #.

summary-title = <b>Confira tudo</b>
summary-send = Você envia: <b>{ $amount } { $currency }</b>
summary-receive = Você recebe aprox.: <b>{ $amount } { $currency }</b>
summary-rate = Cotação: 1 { $base } = { $rate } { $quote }
summary-provider = Provedor: { $provider } ({ $type })
summary-address = Para o endereço ({ $network }): <code>{ $address }</code>
summary-address-compare = ⚠️ Não consigo verificar endereços nesta rede: compare o endereço acima com o da sua carteira, caractere por caractere.
summary-memo = Memo: <code>{ $memo }</code>
summary-no-memo = Memo: nenhum (você confirmou que sua carteira não exige memo)
button-confirm = ✅ Confirmar
button-change = ✏️ Alterar
button-cancel = ✖️ Cancelar
flow-change-what = O que você quer alterar?
change-from = O que envio
change-to = O que recebo
change-amount = Valor
change-offer = Oferta
change-address = Endereço
change-memo = Memo
flow-offer-gone = ⚠️ { $provider } não oferece mais esta troca. Escolha outra oferta.
flow-quote-changed = ⚠️ A oferta mudou desde que você a viu: agora você receberia cerca de <b>{ $receive } { $currency }</b> em vez de { $was }. Aqui estão os novos números: confirme de novo se estiverem bons para você.
flow-quote-limits-changed = ⚠️ Os limites da oferta mudaram e seu valor não cabe mais neles. Escolha uma oferta de novo.
flow-create-unknown = ⚠️ Não consegui confirmar se sua troca foi criada: enviei o pedido, mas o serviço de troca não deu uma resposta clara, então uma troca <b>pode</b> ter sido criada. Não tenho endereço de depósito para ela: <b>não envie nada</b> até ver um endereço de depósito enviado por mim. Não vou repetir este pedido por conta própria; para tentar de novo, comece com /exchange. Referência para o suporte: <code>{ $reference }</code>, { $time }.
flow-create-in-flight = ⏳ Sua troca pode estar sendo criada agora mesmo: o pedido para criá-la chegou ao serviço de troca e a resposta ainda não veio. Os dados de depósito, ou a recusa do serviço, chegarão aqui assim que forem conhecidos; não é preciso confirmar de novo. <b>Não envie nada</b> até ver um endereço de depósito enviado por mim. Referência para o suporte: <code>{ $reference }</code>, { $time }.
create-refused-later = ❌ O serviço de troca recusou a troca que você confirmou: ela <b>não</b> foi criada e nenhum endereço de depósito espera suas moedas, então não envie nada para ela. Para tentar de novo, comece com /exchange. Referência para o suporte: <code>{ $reference }</code>, { $time }.

created-title = ✅ <b>Troca criada</b>
created-send = Envie exatamente <code>{ $amount }</code> <b>{ $currency }</b> (valor exato, sem arredondamento: toque para copiar) na rede <b>{ $network }</b> para este endereço:
created-memo = ⚠️ <b>Inclua este memo, ou seu depósito pode ser perdido:</b> <code>{ $memo }</code>
created-tracking = Vou avisar você a cada mudança de status.
created-repeat = 🔁 Enviado de novo caso a mensagem anterior não tenha chegado (ela pode ter chegado). Os dados são os mesmos: envie os fundos só uma vez.
# A status message sent again after a send that may have arrived (it comes first, on a line of its own).
notice-repeat = 🔁 Enviado de novo caso a mensagem anterior não tenha chegado (ela pode ter chegado).
created-qr = QR code do endereço de depósito de { $currency }

## Statuses, cards and the tracker's messages

status-waiting = ⏳ Aguardando seu depósito
status-confirming = 🔎 Confirmando seu depósito
status-exchanging = 🔄 Trocando
status-sending = 📤 Enviando para seu endereço
status-finished = ✅ Concluída
status-failed = ❌ Falhou
status-refunded = ↩️ Reembolsada
status-overdue = ⌛ Expirada: o depósito não chegou a tempo
status-unknown = ❔ { $status }
card-title = 🔁 Troca <code>{ $id }</code>
card-pair = { $amount } { $from } → cerca de { $receive } { $to }
card-status = Status: <b>{ $status }</b>
card-to = Destino: <code>{ $address }</code>
card-to-memo = Memo: <code>{ $memo }</code>
card-provider = Provedor: { $provider } ({ $type })
card-refund = Reembolsado para: <code>{ $address }</code>
card-hash-from = Seu depósito: { $link }
card-hash-to = Pagamento: { $link }
card-hash-refund = Reembolso: { $link }
card-not-tracked = Não acompanho mais esta troca por conta própria; toque em Atualizar para ver o status.
card-updated = <i>Atualizado: { $time }</i>
slow-title = ⏳ <b>Demorando mais que o normal</b> · troca <code>{ $id }</code>
slow-confirming = Seu depósito de { $sent } { $from } chegou e aguarda as confirmações da rede { $network }, que costumam levar cerca de { $minutes } min. Quando a rede está congestionada, demora mais: é normal, e seus fundos não se perderam.
slow-exchanging = { $provider } está trocando seus { $from } por { $to }, o que costuma levar cerca de { $minutes } min. Às vezes o provedor verifica um depósito antes de trocá-lo: demora mais, e seus fundos não se perderam.
slow-sending = { $provider } está enviando cerca de { $receive } { $to } para <code>{ $address }</code>, o que costuma levar cerca de { $minutes } min. A rede { $network } pode estar congestionada.
slow-follow = Seu depósito na rede: { $link }
slow-what-to-do = Por enquanto não há nada a fazer: continuo acompanhando e aviso quando andar. Se nada mudar em { $later } min, peça ajuda com o ID da troca: toque em { $button } no cartão e envie essa mensagem.
card-late = ⚠️ Mais demorado que o normal: “{ $status }” desde { $since }.
change-title = <b>{ $status }</b> · troca <code>{ $id }</code>
change-waiting = A troca está aguardando seu depósito de { $sent } { $from }.
change-confirming = Seu depósito de { $sent } { $from } chegou e está sendo confirmado.
change-exchanging = Seu { $from } está sendo trocado por { $to }.
change-sending = Cerca de { $receive } { $to } estão a caminho de <code>{ $address }</code>.
change-finished = Pronto: { $receive } { $to } enviados para <code>{ $address }</code>.
change-failed = A troca falhou. Fale com o suporte e informe o ID da troca <code>{ $id }</code>: encaminhe esta mensagem para nós ou escreva para o suporte de { $provider }.
change-refunded = Seu depósito foi reembolsado.
change-refund-address = Reembolso enviado para <code>{ $refund }</code>.
received-vs-quote = { $direction ->
   *[less] Recebido: { $received } { $to }; a cotação indicava cerca de { $quoted }: { $percent } a menos.
    [more] Recebido: { $received } { $to }; a cotação indicava cerca de { $quoted }: { $percent } a mais.
    [same] Recebido: { $received } { $to }, conforme a cotação.
}
change-overdue = Nenhum depósito chegou a tempo, então a troca expirou. Não envie nada para o endereço de depósito dela agora; comece uma nova troca com /exchange.
change-unknown = O serviço de troca informou um status que não conheço. Continuo verificando e aviso você quando mudar.
history-page = Página { $page } de { $pages }
status-not-found = Não encontrei nenhuma troca sua com esse ID. Confira o ID ou veja /history.
status-usage = Envie o ID da troca depois do comando, por exemplo: <code>/status exolix-floating-abc123</code>
refresh-cooldown = Atualizado há pouco. Tente de novo em { $seconds } s.
refresh-failed = Não consegui falar com o serviço de troca; mostrando o que eu sei.
support-lookup-queue-full = ⏳ Você já tem { $count ->
        [one] um pedido
        [many] { $count } de pedidos
       *[other] { $count } pedidos
    } aguardando na fila do serviço de troca, então isto é o que eu sei, não o status ao vivo. Consulte de novo em cerca de { $seconds } s.
refresh-queue-full = ⏳ Você já tem { $count ->
        [one] um pedido
        [many] { $count } de pedidos
       *[other] { $count } pedidos
    } aguardando na fila do serviço de troca, então a mensagem de status da troca não foi atualizada. Toque em Atualizar de novo em cerca de { $seconds } s.
button-funds-sent = 📨 Já enviei os fundos
funds-sent-thanks = Obrigado! Nos próximos { $minutes } min vou verificar seu depósito { $seconds ->
        [60] a cada minuto
       *[other] a cada { $seconds } s
    } e aviso você assim que ele chegar.

## Support staff

support-lookup-unknown = Nenhuma troca com esse ID, nem neste bot nem no serviço de troca. Cole o ID ou peça a mensagem 🧾 Para o suporte dela (nunca a mensagem de status da troca: ela pode mostrar a frase antiphishing do cliente).
support-user-unknown = Usuário não encontrado. Envie o id do Telegram ou o @username da pessoa.
support-user-title = <b>Usuário { $id }</b> (@{ $username }, idioma { $language }): { $count ->
        [0] { $count } trocas
        [one] { $count } troca
        [many] { $count } de trocas
       *[other] { $count } trocas
    }, das mais recentes para as mais antigas:
support-lookup-owner = Criada pelo usuário <code>{ $id }</code> (@{ $username }, idioma { $language })
support-lookup-created = Criada: { $time } UTC
support-lookup-tracked = Acompanhada: próxima verificação { $time } UTC
support-lookup-not-tracked = Não é mais acompanhada
support-lookup-history = <b>Histórico de status</b> (UTC):
support-stats =
    <b>Estatísticas</b>
    Usuários: { $users }
    Trocas por status: { $exchanges }
    Chamadas ao serviço na última hora: criação { $create }, usuário { $user }, consulta { $poll }, catálogo { $catalogue }, alertas de cotação { $alert }
    Respostas 429 do serviço: { $limited }
    Acompanhamento: { $tracked } acompanhadas, { $due } pendentes agora

## Quotes in groups and inline mode

rate-usage = Uso: <code>/rate 0.5 btc usdt</code> · escolha uma rede com <code>usdt-trx</code> ou <code>usdt trx</code>
rate-admins-only = Neste grupo, só os administradores podem pedir cotações.
rate-main-network = { $symbol } na rede principal, { $network }
rate-pair-invalid = Este par não pode ser trocado.
rate-below-minimum = O valor está abaixo do mínimo para este par.
rate-forbidden = O serviço de troca não fornece cotações deste par a este bot no momento (sem acesso). Tente de novo mais tarde.
rate-slow-down = ⏳ Você pediu várias cotações novas no último minuto: o serviço de troca permite só algumas chamadas por minuto para todo mundo. Aguarde { $seconds } s e peça de novo (valores que você acabou de pedir, ou a menos de 1 % deles, são respondidos na hora).
rate-queue-full = ⏳ Você já tem { $count ->
        [one] uma cotação
        [many] { $count } de cotações
       *[other] { $count } cotações
    } aguardando na fila do serviço de troca. A primeira deve chegar em cerca de { $seconds } s: peça de novo depois disso.
rate-offer-line = { $rank }. <b>{ $provider }</b>: { $receive } { $to }{ $versus } · { $type }
rate-offer-out-of-limits = { $rank }. <b>{ $provider }</b>: fora dos limites dele para este valor ({ $min } – { $max } { $from })
rate-out-of-limits-short = fora dos limites
rate-offer-title = { $estimated ->
        [yes] { $provider }: ≈ { $receive } { $currency }
       *[no] { $provider }: { $receive } { $currency }
    }
rate-estimated = <i>≈ Estimado a partir de uma cotação para { $amount } { $from }: os números para exatamente este valor podem variar um pouco.</i>
rate-limits = Limites da melhor oferta: { $min } – { $max } { $from }
rate-time = <i>Cotado às { $time }</i>
rate-exchange-button = 🔄 Trocar no chat privado
settings-title = <b>Configurações do grupo</b>: quem pode pedir cotações e o idioma das minhas respostas aqui.
settings-admins-only = Só os administradores do grupo podem mudar estas configurações.
settings-everyone = Todos
settings-admins = Só admins
inline-summary-title = { $amount } { $from } → { $to }
inline-hint-title = Digite um valor e duas moedas
inline-unavailable-title = O serviço de troca está indisponível agora
inline-slow-down-title = Cotações novas demais: aguarde { $seconds } s
inline-hint-description = Por exemplo: 0.5 btc usdt
command-status = Status de uma troca pelo ID
command-rate = Cotação: /rate 0.5 btc usdt
command-settings = Configurações do grupo (admins)
command-lookup = Suporte: consultar uma troca
command-user = Suporte: trocas de um usuário
command-stats = Suporte: estatísticas
command-late = Suporte: trocas mais demoradas que o normal
support-lookup-foreign = <i>Não foi criada por este bot: só o que o serviço de troca informa.</i>

## deposit details
deposit-missing-address = ⚠️ <b>O serviço de troca ainda não enviou o endereço de depósito.</b> Não envie nada até eu mostrá-lo aqui.
deposit-missing-memo = ⚠️ <b>O serviço de troca ainda não enviou o memo do depósito.</b> Na rede { $network }, um depósito sem o memo pode ser perdido, então não estou mostrando o endereço: não envie nada até eu mostrar os dois.
deposit-incomplete-choices = Toque em <b>Tentar de novo</b> para consultar o serviço outra vez, ou em <b>Sair</b>: a troca continua em /history, e vou avisar você quando os dados do depósito chegarem.
deposit-ready = 📬 Chegaram os dados do depósito da troca <code>{ $id }</code>. Envie somente como mostrado abaixo.
button-leave = Sair
created-qr-memo = QR code do endereço de depósito de { $currency }. Ele não contém o memo: digite você mesmo o memo <code>{ $memo }</code>, ou seu depósito pode ser perdido.

## create outcomes
history-unconfirmed = ⚠️ <b>Não confirmados</b>: para estes pedidos, o serviço de troca pode ter criado uma troca, mas nunca me informou o ID, então não consigo mostrá-la nem acompanhá-la aqui. Nunca dei a você um endereço de depósito para eles: não envie nada para eles. Se algo estiver errado, encaminhe esta mensagem para nós.
history-unconfirmed-line = • { $time }, referência <code>{ $reference }</code>
support-request-title = <b>Pedido de criação</b> <code>{ $reference }</code>
support-request-unknown = ⚠️ <b>Resultado desconhecido</b>: o pedido pode ter chegado ao serviço de troca, e nenhuma resposta disse se uma troca foi criada. O bot não tem ID de troca para ele, então ele não é acompanhado, e nenhum endereço de depósito foi mostrado ao cliente.
support-request-in-flight = ⏳ <b>Ainda sem resposta</b>: o pedido ainda pode estar a caminho (tem menos de { $minutes } min).
support-request-failed = ❌ <b>Recusado</b> pelo serviço de troca; nada foi criado.
support-request-created = ✅ <b>Criada</b>: troca <code>{ $id }</code>.
support-request-reason = Última resposta: { $reason }
support-request-owner = Pedido pelo usuário <code>{ $id }</code> (@{ $username }, idioma { $language })
support-request-at = Pedido em: { $time } UTC
support-request-no-details = Este pedido foi feito antes de o bot guardar o que cada pedido solicitava: a linha de log "createTransaction failed" com esta referência tem o par, o valor, o provedor e o endereço.
support-request-asked = Solicitado: { $amount } { $from } → { $to } com { $provider } ({ $type })
support-stats-unknown = Criações com resultado desconhecido (pode existir uma troca, sem ID): { $count }
support-late-none = Nenhuma troca está mais demorada que o normal.
support-late-title = <b>Mais demoradas que o normal</b> ({ $count }), as mais longas primeiro:
support-late-line = • <code>{ $id }</code> · “{ $status }” desde { $since } UTC · { $provider }
support-stats-exchange-ok = Serviço de troca: disponível
support-stats-exchange-down = ⚠️ Serviço de troca: <b>indisponível</b> desde { $since } UTC ({ $reason }): { $detail }

## tracker: never silent
tracking-stopped-not-found = ⚠️ <b>Parei de acompanhar a troca</b> <code>{ $id }</code>: o serviço de troca continua respondendo que não a encontra.
tracking-stopped-stalled = ⚠️ <b>Parei de acompanhar a troca</b> <code>{ $id }</code>: ela mostra “{ $status }” desde { $since }.
tracking-stopped-what-to-do = Seus fundos não se perdem porque parei de acompanhar. Se você enviou um depósito, ou ainda espera um pagamento, fale com o suporte de { $provider } e informe o ID da troca <code>{ $id }</code>. O botão Atualizar, na mensagem de status da troca, continua mostrando como ela está.
card-tracking-stopped = ⚠️ Parei de acompanhar esta troca em { $time }: { $reason }. Se seus fundos não chegaram, fale com o suporte de { $provider } e informe o ID da troca. Toque em Atualizar para ver o status.
tracking-reason-not-found = o serviço de troca não a encontrava
tracking-reason-stalled = o status dela parou de mudar
tracking-reason-unknown = nenhum motivo registrado
support-lookup-stopped = Não acompanhada desde { $time } UTC: { $reason }

## Anti-phishing: /phrase, /verify
deposit-phrase =
    🔐 Sua frase: <b>{ $phrase }</b>
    Não encaminhe esta mensagem nem mostre a frase a ninguém, nem mesmo ao suporte: para o suporte, toque em 🧾 Para o suporte.
phrase-none =
    Você ainda não tem uma frase antiphishing.

    Defina uma com <code>/phrase suas próprias palavras</code>. A partir daí, toda mensagem minha que mostra para onde enviar suas moedas vai incluí-la. Um bot que imite minhas mensagens não tem como saber a frase: um endereço de depósito mostrado sem a sua frase não é meu.
phrase-current =
    Sua frase antiphishing é <b>{ $phrase }</b>. Toda mensagem minha que mostra para onde enviar suas moedas inclui essa frase.

    Altere com <code>/phrase novas palavras</code> ou remova com <code>/phrase off</code>.
phrase-set = ✅ Salva. Toda mensagem que mostra um endereço de depósito agora inclui <b>{ $phrase }</b>. Apaguei sua mensagem para que a frase não fique no chat. Nunca encaminhe uma mensagem que a mostre e não conte a frase a ninguém: o suporte nunca pede a frase. Para o suporte, toque em 🧾 Para o suporte na mensagem de status da troca e encaminhe a mensagem que aparecer: ela nunca contém sua frase.
phrase-removed = Sua frase antiphishing foi removida.
phrase-invalid = Sua frase deve ter de { $min } a { $max ->
        [one] { $max } caractere
        [many] { $max } de caracteres
       *[other] { $max } caracteres
    } e não pode começar com “/”. Tente de novo: <code>/phrase suas próprias palavras</code>.
verify-usage = Envie <code>/verify @nome</code> para conferir se uma conta é este bot ou nosso suporte.
verify-bot = ✅ @{ $name } é este bot: o Telegram acabou de confirmar.
verify-staff = ✅ @{ $name } faz parte da nossa equipe de suporte: o Telegram acabou de confirmar, pela conta da pessoa.
verify-unknown = ⚠️ @{ $name } <b>não</b> é este bot e <b>não</b> é nosso suporte. Não envie a essa conta moedas, chaves privadas nem frases de recuperação.
verify-unavailable = Não consegui consultar o Telegram agora, então não posso confirmar nenhuma conta. Tente de novo em um minuto; até lá, não confie em nenhuma conta que escreva para você primeiro.
verify-reminder = Nosso suporte nunca escreve primeiro e nunca pede chaves privadas, senhas nem frases de recuperação (seed).
command-phrase = Frase antiphishing
command-verify = Uma conta é este bot ou nosso suporte?

## Card: for support, swap again
button-receipt = 🧾 Para o suporte
button-swap-again = 🔁 Trocar de novo
receipt-title = 🧾 <b>Para o suporte</b> · troca { $id }
receipt-provider = Provedor: { $provider } ({ $type })
receipt-created = Criada: { $time }
receipt-amounts = Enviado: { $sent } { $from } → recebido: { $receive } { $to }
receipt-quoted = Cotação ao confirmar: cerca de { $quoted } { $to }
receipt-deposit = Endereço de depósito (registro para o suporte, não para pagar): { $address } · memo: { $memo }
receipt-deposit-none = Endereço de depósito: ainda incompleto (não mostrado)
receipt-to = Endereço de recebimento: { $address } · memo: { $memo }
receipt-refund = Endereço de reembolso: { $address }
receipt-hashes = Hash do depósito: { $hashIn } · hash do pagamento: { $hashOut }
receipt-status = Status: { $status } ({ $raw })
receipt-history = Histórico de status:
receipt-tracking-stopped = Acompanhamento encerrado em { $time }: { $reason }
receipt-footer = Encaminhe esta mensagem ao suporte: ela tem tudo de que eles precisam, e nenhum segredo. Ela nunca contém sua frase antiphishing: nunca encaminhe uma mensagem que a contenha. O suporte nunca escreve primeiro.

## Export
export-empty = Você ainda não tem trocas para exportar. Digite /exchange para começar uma.
export-caption = 📄 { $count ->
        [one] Sua troca
        [many] Suas { $count } de trocas
       *[other] Suas { $count } trocas
    } em um arquivo CSV (horários em UTC), para seus registros ou sua ferramenta de impostos.
command-export = Suas trocas em um arquivo CSV

## Address book
button-save-address = 💾 Salvar este endereço
addresses-ask-label = Como devo chamar este endereço? Envie um nome curto (até { $max ->
        [one] { $max } caractere
        [many] { $max } de caracteres
       *[other] { $max } caracteres
    }), por exemplo <i>Ledger</i> ou <i>Conta na corretora</i>.
addresses-ask-rename = Novo nome para <b>{ $label }</b> (até { $max ->
        [one] { $max } caractere
        [many] { $max } de caracteres
       *[other] { $max } caracteres
    }):
addresses-label-invalid = O nome deve ter de 1 a { $max ->
        [one] { $max } caractere
        [many] { $max } de caracteres
       *[other] { $max } caracteres
    }, em uma só linha. Envie outro, ou um comando para desistir.
addresses-saved = 📒 Salvo como <b>{ $label }</b>. Na etapa do endereço para a rede { $network }, ele vai aparecer como botão.
addresses-renamed = ✅ Renomeado para <b>{ $label }</b>.
addresses-already = Já está nos seus endereços salvos como { $label }.
addresses-full = Você já tem o máximo de endereços salvos ({ $max ->
        [one] { $max } endereço
        [many] { $max } de endereços
       *[other] { $max } endereços
    }). Apague um em /addresses primeiro.
addresses-empty = Você ainda não tem endereços salvos. Depois de uma troca concluída, eu ofereço salvar o endereço de recebimento dela.
addresses-title = <b>📒 Seus endereços</b>
addresses-memo = memo <code>{ $memo }</code>
addresses-footer = Toque em ✏️ para renomear ou em 🗑 para apagar.
addresses-deleted = Apagado.
flow-address-book-hint = Ou toque em um dos seus endereços salvos:
address-saved-invalid = O endereço salvo <b>{ $label }</b> não é mais um endereço válido da rede { $network }. Digite o endereço.
command-addresses = Seus endereços salvos

## Rate alerts
alert-usage =
    Crie um alerta de cotação: <code>/alert 0.5 btc eth 17.2</code> avisa quando 0.5 BTC der pelo menos 17.2 ETH.
    Redes como no /rate: <code>usdt-trx</code> ou <code>usdt trx</code>. Seus alertas: /alerts.
alert-created = 🔔 Vou avisar quando { $amount } { $from } der pelo menos <b>{ $target } { $to }</b>. Verifico no máximo a cada { $minutes } min, sempre que o serviço de troca tiver folga depois das cotações e trocas (em dias movimentados, com menos frequência); o alerta termina depois de { $days ->
        [one] { $days } dia
        [many] { $days } de dias
       *[other] { $days } dias
    }. Seus alertas: /alerts.
alert-too-many = Você já tem { $max ->
        [one] { $max } alerta
        [many] { $max } de alertas
       *[other] { $max } alertas
    }, o máximo que mantenho por pessoa. Remova um em /alerts primeiro.
alert-reached = 🔔 <b>Alerta de cotação</b>: { $amount } { $from } agora dá <b>{ $receive } { $to }</b> (melhor oferta, { $provider }), pelo menos os { $target } que você pediu. Este alerta terminou; uma nova cotação pode variar um pouco.
alert-exchange-button = 🔄 Trocar agora
alert-expired = ⌛ Seu alerta de cotação de { $amount } { $from } → pelo menos { $target } { $to } terminou depois de { $days ->
        [one] { $days } dia
        [many] { $days } de dias
       *[other] { $days } dias
    } sem ser atingido.
alerts-empty = Você não tem alertas de cotação. Crie um com <code>/alert 0.5 btc eth 17.2</code>.
alerts-title = <b>🔔 Seus alertas de cotação</b>
alerts-line = { $n }. { $amount } { $from } → pelo menos { $target } { $to } · até { $until }
alerts-removed = Alerta removido.
flow-alert-button = 🔔 Criar alerta de cotação…
flow-alert-ask = No mínimo quanto de { $to } você quer receber por { $amount } { $from }? Envie o valor, por exemplo <code>{ $example }</code>.
command-alert = Alerta de cotação: /alert 0.5 btc eth 17.2
command-alerts = Seus alertas de cotação

## Deposit card: copy buttons (the app copies exactly what the card shows)
button-copy-amount = 📋 Valor exato
button-copy-address = 📋 Endereço de depósito
button-copy-memo = 📋 Memo

# Issue 32: how long a quote holds, and the next best offer after a refusal.
summary-quote-holds = ⏱ Esta cotação vale por { $seconds } s: depois disso, ao tocar em Confirmar, eu a confiro de novo antes de criar qualquer coisa.
summary-floating-means = Cotação flutuante: o valor que você recebe acompanha o mercado até suas moedas serem trocadas, então pode acabar um pouco maior ou menor.
summary-fixed-means = Cotação fixa: o provedor se compromete com o valor mostrado, desde que você envie exatamente o valor acima, dentro do prazo.
flow-next-best = { $refused } não conseguiu fazer a troca. Abaixo está a próxima melhor oferta, de <b>{ $provider }</b>: confira e confirme se ela servir para você.
flow-next-best-waiting = ⏳ Procurando a próxima melhor oferta para você.
flow-next-best-done = ✅ As ofertas chegaram. Toque no botão abaixo para ver a próxima melhor.
flow-next-best-wait = ⏳ Ainda procurando: um botão vai aparecer aqui assim que as ofertas chegarem.
button-see-offer = 👀 Ver a oferta
