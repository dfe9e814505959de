import { bech32 } from "@scure/base";
import { describe, expect, it } from "vitest";
import { type AddressProblem, checkAddress, checkMemo, knowsAddressFormat } from "../../../src/domain/address.js";

/**
 * Valid samples come from published specs and test vectors (sources in the comments), so the
 * checksum code is tested against independent implementations rather than against itself.
 */
const VALID: Record<string, string[]> = {
  btc: [
    "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", // genesis block P2PKH
    "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", // P2SH (Bitcoin wiki)
    "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", // BIP-173/350 P2WPKH, upper case
    "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", // same, lower case
    "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3", // BOLT11 fallback P2WSH
    "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", // BIP-350 taproot
    "bc1ph4lmxwklchcvvh2wchzassw86yvahdt902mpe0velxzuz2c70sps70mzj4", // taproot
  ],
  bch: [
    "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a", // CashAddr spec (= 1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu)
    "qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a", // prefix omitted
    "BITCOINCASH:QPM2QSZNHKS23Z7629MMS6S4CWEF74VCWVY22GDX6A",
    "bitcoincash:qp7ps3x5k2dslw25rmgk89zfpywxj4yjkvyz09t2qm",
    "bitcoincash:ppn87szlp75e3f5akyjlkkwp7qn93w5yx5mvzwlu3y", // P2SH
  ],
  ltc: [
    "ltc1qx88q7zjd74lxwgkjmmwlqv5pd3vujuehexfttt",
    "ltc1qudhthew8h03vzc7x99m3qg0z8wjq2f759hp4ej",
    "LV7LV7Z4bWDEjYkfx9dQo6k6RjGbXsg6hS",
    "MTnTNwKikiMi97Teq8XQRabL9SZ4HjnKNB",
  ],
  doge: ["DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L"],
  dash: ["Xw7HTXGY3TFeA3ZsVuMRrYh96GtwWb4hQb", "7n9YufoWBrJ65YC7sgwk53EzbPHMQRB6HJ"],
  zec: ["t1fuvbxcLNhiPGnR2fcy4iMrntLn2y6zbiG", "t3Rqonuzz7afkF7156ZA4vi4iimRSEn41hj"],
  eth: [
    // EIP-55 test vectors: mixed case, all caps, all lower
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
    "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
    "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
    "0x52908400098527886E0F7030069857D2E4169EE7",
    "0x8617E340B3D01FA5F11F306F4090FD50E238070D",
    "0xde709f2102306220921060314715629080e2fb77",
    "0x27b1fdb04752bbc536007a920d24acb045561c26",
  ],
  trx: ["TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj"],
  xrp: ["rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh"], // genesis account
  sol: ["Ho87cuS3aSRgUMCeMrV7uNCCWx6Fj2ytnufYQ1W7KCLr", "4JMhwSEujEZEfMp4X8ZrqYcDNaYy7UFaCXvoSzWQJLQq"],
  ton: [
    // TON docs: the same account, raw and user-friendly (bounceable, non-bounceable, base64 alphabet)
    "EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHF",
    "UQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPuwA",
    "EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff+W72r5gqPrHF",
    "0:ca6e321c7cce9ecedf0a8ca2492ec8592494aa5fb5ce0387dff96ef6af982a3e",
  ],
  xlm: [
    "GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ", // SEP-23
    "GB5QPGBUTHET6TVSK3L7NJBKZ4J66CMLEABC5ECPNSBPCOAFCZWJ6KSN",
  ],
  ada: [
    // CIP-19 mainnet base (type 0, 1, 2, 3) and enterprise (type 6, 7) addresses
    "addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x",
    "addr1z8phkx6acpnf78fuvxn0mkew3l0fd058hzquvz7w36x4gten0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgs9yc0hh",
    "addr1yx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzerkr0vd4msrxnuwnccdxlhdjar77j6lg0wypcc9uar5d2shs2z78ve",
    "addr1x8phkx6acpnf78fuvxn0mkew3l0fd058hzquvz7w36x4gt7r0vd4msrxnuwnccdxlhdjar77j6lg0wypcc9uar5d2shskhj42g",
    "addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8",
    "addr1w8phkx6acpnf78fuvxn0mkew3l0fd058hzquvz7w36x4gtcyjy7wx",
    // Byron mainnet, built from the Byron address format (CBOR [tag 24 (bytes [root, attributes, type 0]),
    // crc32]) with root 0x0102…1c: Icarus style (no attributes), Daedalus style (attribute 1, a
    // derivation path of bytes 0x40…5b); crc32 from node:zlib
    "Ae2tdPwUPEYvubYS4bnrUPhz7wEoYCoBPNhJwCZ1eW8qCEMJzBsG1VfUatG",
    "DdzFFzCqrhsdusZjF1Gn5P3ZFUqH5CFQAAXui4fGPYc9iwCTKQdPyVTNeTG9WUaWhV3mWcCXo9K3j4o8YWcnZSzZEeqiyGNRnGG8TfgA",
  ],
  dot: ["15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5"], // Alice, Polkadot prefix 0
  ksm: ["HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F"], // Alice, Kusama prefix 2
  atom: [
    "cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02",
    "cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0",
    "cosmos176m2p8l3fps3dal7h8gf9jvrv98tu3rqfdht86",
  ],
  xmr: [
    "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A", // general fund
  ],
  xtz: ["tz1ZfrERcALBwmAqwonRXYVQBDT9BjNjBHJu", "tz2Ch1abG7FNiibmV26Uzgdsnfni9XGrk5wD", "tz3Lfm6CyfSTZ7EgMckptZZGiPxzs9GK59At"],
  ln: [
    // BOLT11 spec examples: amount in milli-bitcoin, upper case, amount in pico-bitcoin
    "lnbc25m1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5vdhkven9v5sxyetpdeessp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs9q5sqqqqqqqqqqqqqqqpqsq67gye39hfg3zd8rgc80k32tvy9xk2xunwm5lzexnvpx6fd77en8qaq424dxgt56cag2dpt359k3ssyhetktkpqh24jqnjyw6uqd08sgptq44qu",
    "LNBC25M1PVJLUEZPP5QQQSYQCYQ5RQWZQFQQQSYQCYQ5RQWZQFQQQSYQCYQ5RQWZQFQYPQDQ5VDHKVEN9V5SXYETPDEESSP5ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYGS9Q5SQQQQQQQQQQQQQQQPQSQ67GYE39HFG3ZD8RGC80K32TVY9XK2XUNWM5LZEXNVPX6FD77EN8QAQ424DXGT56CAG2DPT359K3SSYHETKTKPQH24JQNJYW6UQD08SGPTQ44QU",
    "lnbc9678785340p1pwmna7lpp5gc3xfm08u9qy06djf8dfflhugl6p7lgza6dsjxq454gxhj9t7a0sd8dgfkx7cmtwd68yetpd5s9xar0wfjn5gpc8qhrsdfq24f5ggrxdaezqsnvda3kkum5wfjkzmfqf3jkgem9wgsyuctwdus9xgrcyqcjcgpzgfskx6eqf9hzqnteypzxz7fzypfhg6trddjhygrcyqezcgpzfysywmm5ypxxjemgw3hxjmn8yptk7untd9hxwg3q2d6xjcmtv4ezq7pqxgsxzmnyyqcjqmt0wfjjq6t5v4khxxqyjw5qcqp2rzjq0gxwkzc8w6323m55m4jyxcjwmy7stt9hwkwe2qxmy8zpsgg7jcuwz87fcqqeuqqqyqqqqlgqqqqn3qq9qn07ytgrxxzad9hc4xt3mawjjt8znfv8xzscs7007v9gh9j569lencxa8xeujzkxs0uamak9aln6ez02uunw6rd2ht2sqe4hz8thcdagpleym0j",
    // Lightning addresses (LUD-16)
    "satoshi@getalby.com",
    "tips_4.you+me@pay.example.co.uk",
  ],
  near: [
    "alice.near",
    "app.sweat",
    "user_1-2.tg",
    "98793cd91a3f870fb126f66285808c7e094afcfc4eda8a970f6648cdf0dbd6de", // implicit account
  ],
  eos: ["eosio.token", "binancecleos", "a"],
  hbar: ["0.0.98", "0.0.1234567"],
  sui: ["0x02a212de6a9dfa3a69e22387acfbafbb1a9e591bd9d636e7895dcfc8de05f331"],
  apt: ["0x1d8727df513fa2a8785d0834e40b34223daff1affc079574082baadb74b66ee4"],
  // Each vector below comes from the network's own material (source beside it). Where the network
  // publishes no usable address (only burn addresses, which the bot refuses), the vector is BUILT:
  // the version bytes / bech32 prefix from the network's chainparams applied to the fixed 20-byte
  // hash 0x0102…14 (32-byte 0x0102…20 for P2WSH), encoded with @scure/base, checksum re-verified.
  dgb: [
    "D5ERdEN1gsouFSs7zsq7VYJxyWP6dP28H1", // built from DigiByte's chainparams version bytes (P2PKH 30)
    "SMPL7pCX7q6pEkTyoipdVgHvk9tE5D6XNW", // built from DigiByte's chainparams version bytes (P2SH 63)
    "dgb1qqypqxpq9qcrsszg2pvxq6rs0zqg3yyc57rkd6l", // built from DigiByte's chainparams bech32 hrp "dgb"
  ],
  rvn: [
    "R9NXAVJezHiBnT3ijTpg3JUZre7PxhJWti", // built from Ravencoin's chainparams version bytes (P2PKH 60)
    "r6KvDDnX1USWVKh6FUUS75MLsv5t1Gfy1c", // built from Ravencoin's chainparams version bytes (P2SH 122)
  ],
  sys: [
    "SMPL7pCX7q6pEkTyoipdVgHvk9tE5D6XNW", // built from Syscoin's chainparams version bytes (P2PKH 63)
    "sys1qqypqxpq9qcrsszg2pvxq6rs0zqg3yyc5pgr0ar", // built from Syscoin's chainparams bech32 hrp "sys" (P2WPKH)
    "sys1qqypqxpq9qcrsszg2pvxq6rs0zqg3yyc5z5tpwxqergd3c8g7rusq7f2f8q", // built, likewise (P2WSH)
  ],
  bsv: ["1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"], // the genesis block's address, shared with Bitcoin
  dcr: [
    "Dcur2mcGjmENx4DhNqDctW5wJCVyT3Qeqkx", // dcrd chaincfg: the organization's (treasury) script address
    "DsUZxxoHJSty8DCfwfartwTYbuhmVct7tJu", // dcrd txscript/stdaddr/address_test.go: its mainnet P2PKH vector
  ],
  // Qtum's own repository, src/test/data/key_io_valid.json ("chain": "main"): P2PKH, P2SH, P2WPKH, P2WSH
  qtum: [
    "QX3gQrQsGHwsESPgme7iNHUJ4TTLjFp9pg",
    "MSDh4T9bbVJGP4tGRSEsEKED5eeSTgLXee",
    "qc1q5cuatynjmk4szh40mmunszfzh7zrc5xmfay5c7",
    "qc1qkw7lz3ahms6e0ajv27mzh7g62tchjpmve4afc29u7w49tddydy2shehu4j",
    "qc1pqypqxpq9qcrsszg2pvxq6rs0zqg3yyc5z5tpwxqergd3c8g7rusqarhpkl", // taproot, built (bech32m, hrp "qc", witness v1, 32 bytes)
  ],
  zen: [
    "znndMR7koR6treFnhAfzqX6AHheanpQWerz", // Horizen: sample transparent address
    "zszpcLB6C5B8QvfDbF2dYWXsrpac5DL9WRk", // Horizen: sample multisig address
  ],
  // Komodo's own source (src/komodo_defs.h, CRYPTO777_PUBSECPSTR 020e46e7…3fd9): the P2PKH address of that
  // notarisation key, which Komodo's notarisations pay to (re-derived: version 60 + hash160 of the key)
  kmd: ["RXL3YXG2ceaB6C5hfJcN4fvmLH2C34knhA"],
  algo: ["VCMJKWOY5P5P7SKMZFFOCEROPJCZOTIJMNIYNUCKH7LRO45JMJP6UYBIJA"], // Algorand developer docs
  nano: ["nano_3t6k35gi95xu6tergt6p69ck76ogmitsa8mnijtpxm9fkcm736xtoncuohr3"], // docs.nano.org: genesis account
  waves: ["3PAWwWa6GbwcJaFzwqXQN5KQm7H96Y7SHTQ", "3P8JdJGYc7vaLu4UXUZc1iRLdzrkGtdCyJM"], // Waves node: mainnet genesis recipients
  neo: ["NXV7ZhHiyM1aHXwpVsRZC6BwNFP2jghXAq"], // docs.neo.org sample N3 address
  ont: ["AFmseVrdL9f9oyCzZefL9tG6UbvhUMqNMV", "AFmseVrdL9f9oyCzZefL9tG6UbviEH9ugK"], // docs.ont.io: ONT and ONG native contracts
  xem: [
    "NBZMQO7ZPBYNBDUR7F75MAKA2S3DHDCIFG775N3D", // NEM NIS1 mainnet sample
    "NDNRSWFEQ256HQLUYTL6SOS3RYHEJKBLOWL2C6MJ",
  ],
  lsk: ["lskqbs324cbbwd5h3tbc4ajsoqfzjet448y79qefx"], // LiskHQ/lisk-sdk issue 6283: "Lisk32 address" sample
  icx: ["hxbe258ceb872e08851f1f59694dac2558708ece11"], // ICON JSON-RPC v3 docs sample
  // Sia's consensus parameters (Foundation hardfork): the Foundation's primary and failsafe addresses
  sc: [
    "053b2def3cbdd078c19d62ce2b4f0b1a3c5e0ffbeeff01280efb1f8969b2f5bb4fdc680f0807",
    "27c22a6c6e6645802a3b8fa0e5374657438ef12716d2205d3e866272de1b644dbabd53d6d560",
  ],
  egld: [
    "erd1qyu5wthldzr8wx5c9ucg8kjagg0jfs53s8nr3zpz3hypefsdd8ssycr6th", // docs.multiversx.com: alice
    "erd1spyavw0956vq68xj8y4tenjpq2wd5a9p2c6j8gsz7ztyrnpxrruqzu66jx", // docs.multiversx.com: bob
  ],
  ardr: ["ARDOR-3GV8-8347-UD38-FNU2U", "ARDOR-9C5A-J3PY-UEG3-7BK77"], // Ardor API samples (getAccount)
  // Zilliqa's own address-conversion test (= 0x4baf5fada8e5db92c3d3242618c5b47133ae003c and 0x448261915a…)
  zil: ["zil1fwh4ltdguhde9s7nysnp33d5wye6uqpugufkz7", "zil1gjpxry26srx7n008c7nez6zjqrf6p06wur4x3m"],
  iost: ["binanceiost", "admin"],
  steem: ["steemit", "blocktrades", "a-1.b-2.c-3"],
  hive: ["hiveio", "blocktrades", "gtg"],
  vet: ["0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"],
  chz: ["0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"],
};

/** Same-length alphabets, so a substitution keeps the string well-formed apart from its checksum. */
const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const XRP_BASE58 = "rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz";
const BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const NANO_BASE32 = "13456789abcdefghijkmnopqrstuwxyz";
const LISK32 = "zxvcpmbn3465o978uyrtkqew2adsjhfg";
const HEX = "0123456789abcdef";
const ARDOR_RS = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/** Every one-character substitution (to the next character of the alphabet) from `from` on. */
function oneCharCorruptions(address: string, alphabet: string, from = 0): string[] {
  const out: string[] = [];
  for (let i = from; i < address.length; i++) {
    const index = alphabet.indexOf(address[i] ?? "");
    if (index < 0) continue;
    const replacement = alphabet[(index + 1) % alphabet.length] ?? "";
    out.push(address.slice(0, i) + replacement + address.slice(i + 1));
  }
  return out;
}

describe("checkAddress: valid samples", () => {
  for (const [network, addresses] of Object.entries(VALID)) {
    it.each(addresses)(`${network}: %s`, (address) => {
      expect(knowsAddressFormat(network)).toBe(true);
      expect(checkAddress(network, address)).toEqual({ ok: true, address });
    });
  }

  it("accepts every EVM network with the same rules", () => {
    const address = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
    for (const network of ["bsc", "pol", "matic", "arb", "op", "base", "avaxc", "ftm", "linea", "zksync", "etc"]) {
      expect(knowsAddressFormat(network)).toBe(true);
      expect(checkAddress(network, address)).toEqual({ ok: true, address });
      expect(checkAddress(network, "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD")).toEqual({
        ok: false,
        problem: "invalid-format",
      });
    }
  });

  it("trims the address and treats the network code case-insensitively", () => {
    expect(checkAddress(" BTC ", "\n  1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa \t")).toEqual({
      ok: true,
      address: "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa",
    });
  });
});

describe("checkAddress: one-character corruptions fail the checksum", () => {
  const cases: [string, string, string, number?][] = [
    ["btc", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", BASE58],
    ["btc", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", BASE58],
    ["btc", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", BECH32, 3],
    ["btc", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", BECH32, 3],
    ["bch", "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a", BECH32, 12],
    ["ltc", "ltc1qx88q7zjd74lxwgkjmmwlqv5pd3vujuehexfttt", BECH32, 4],
    ["ltc", "LV7LV7Z4bWDEjYkfx9dQo6k6RjGbXsg6hS", BASE58],
    ["doge", "DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L", BASE58],
    ["dash", "Xw7HTXGY3TFeA3ZsVuMRrYh96GtwWb4hQb", BASE58],
    ["zec", "t1fuvbxcLNhiPGnR2fcy4iMrntLn2y6zbiG", BASE58],
    ["trx", "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj", BASE58],
    ["xrp", "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", XRP_BASE58],
    ["ton", "EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHF", BASE64URL],
    ["xlm", "GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ", BASE32],
    ["ada", "addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8", BECH32, 5],
    ["ada", "Ae2tdPwUPEYvubYS4bnrUPhz7wEoYCoBPNhJwCZ1eW8qCEMJzBsG1VfUatG", BASE58],
    ["dot", "15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5", BASE58],
    ["atom", "cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02", BECH32, 7],
    ["xmr", "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A", BASE58],
    ["xtz", "tz1ZfrERcALBwmAqwonRXYVQBDT9BjNjBHJu", BASE58],
    ["dgb", "dgb1qqypqxpq9qcrsszg2pvxq6rs0zqg3yyc57rkd6l", BECH32, 4],
    ["dcr", "Dcur2mcGjmENx4DhNqDctW5wJCVyT3Qeqkx", BASE58],
    ["zen", "znndMR7koR6treFnhAfzqX6AHheanpQWerz", BASE58],
    ["algo", "VCMJKWOY5P5P7SKMZFFOCEROPJCZOTIJMNIYNUCKH7LRO45JMJP6UYBIJA", BASE32],
    ["nano", "nano_3t6k35gi95xu6tergt6p69ck76ogmitsa8mnijtpxm9fkcm736xtoncuohr3", NANO_BASE32, 6],
    ["waves", "3PAWwWa6GbwcJaFzwqXQN5KQm7H96Y7SHTQ", BASE58, 2],
    ["neo", "NXV7ZhHiyM1aHXwpVsRZC6BwNFP2jghXAq", BASE58],
    ["ont", "AFmseVrdL9f9oyCzZefL9tG6UbvhUMqNMV", BASE58],
    ["xem", "NBZMQO7ZPBYNBDUR7F75MAKA2S3DHDCIFG775N3D", BASE32, 1],
    ["lsk", "lskqbs324cbbwd5h3tbc4ajsoqfzjet448y79qefx", LISK32, 3],
    ["sc", "053b2def3cbdd078c19d62ce2b4f0b1a3c5e0ffbeeff01280efb1f8969b2f5bb4fdc680f0807", HEX],
    ["egld", "erd1qyu5wthldzr8wx5c9ucg8kjagg0jfs53s8nr3zpz3hypefsdd8ssycr6th", BECH32, 4],
    ["zil", "zil1fwh4ltdguhde9s7nysnp33d5wye6uqpugufkz7", BECH32, 4],
    ["rvn", "R9NXAVJezHiBnT3ijTpg3JUZre7PxhJWti", BASE58],
    ["qtum", "qc1q5cuatynjmk4szh40mmunszfzh7zrc5xmfay5c7", BECH32, 3],
  ];

  it.each(cases)("%s: every substitution in %s", (network, address, alphabet, from) => {
    const corrupted = oneCharCorruptions(address, alphabet, from);
    expect(corrupted.length).toBeGreaterThan(20);
    for (const candidate of corrupted) {
      expect(checkAddress(network, candidate), candidate).toEqual({ ok: false, problem: "invalid-format" });
    }
  });

  it("ardr: every substitution of one of the 17 Reed-Solomon symbols is caught", () => {
    const corrupted = oneCharCorruptions("ARDOR-3GV8-8347-UD38-FNU2U", ARDOR_RS, 6);
    expect(corrupted).toHaveLength(17);
    for (const candidate of corrupted) {
      expect(checkAddress("ardr", candidate), candidate).toEqual({ ok: false, problem: "invalid-format" });
    }
  });

  it("eth: flipping the case of any letter breaks the EIP-55 checksum", () => {
    const address = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
    for (let i = 2; i < address.length; i++) {
      const char = address[i] ?? "";
      if (!/[a-fA-F]/.test(char)) continue;
      const flipped = char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase();
      const candidate = address.slice(0, i) + flipped + address.slice(i + 1);
      expect(checkAddress("eth", candidate), candidate).toEqual({ ok: false, problem: "invalid-format" });
    }
    // A changed digit changes the hash, so the mixed-case pattern no longer fits.
    expect(checkAddress("eth", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe0")).toMatchObject({ ok: false });
  });

  it("ln: a pico-bitcoin amount must be whole millisatoshi, even with a valid checksum", () => {
    const invoice = VALID["ln"]?.[2] ?? "";
    const { words } = bech32.decode(invoice as `${string}1${string}`, false);
    const reencoded = (prefix: string): string => bech32.encode(prefix, words, false);
    expect(checkAddress("ln", reencoded("lnbc9678785340p"))).toEqual({ ok: true, address: invoice });
    expect(checkAddress("ln", reencoded("lnbc9678785341p"))).toEqual({ ok: false, problem: "invalid-format" });
    expect(checkAddress("ln", reencoded("lnbc0967878534n"))).toEqual({ ok: false, problem: "invalid-format" }); // leading zero
    expect(checkAddress("ln", reencoded("lnbcrt9678785340p"))).toEqual({ ok: false, problem: "invalid-format" }); // regtest
    expect(checkAddress("ln", reencoded("lnbc"))).toEqual({ ok: true, address: reencoded("lnbc") }); // no amount
  });

  it("ln: a corrupted invoice fails the bech32 checksum", () => {
    const invoice = VALID["ln"]?.[0] ?? "";
    for (const candidate of oneCharCorruptions(invoice, BECH32, 9).filter((_, index) => index % 7 === 0)) {
      expect(checkAddress("ln", candidate), candidate).toEqual({ ok: false, problem: "invalid-format" });
    }
  });
});

describe("checkAddress: wrong network, testnet and unusual forms are refused", () => {
  it.each<[string, string]>([
    // BIP-350 invalid segwit addresses
    ["btc", "tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut"], // wrong hrp
    ["btc", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd"], // bech32 instead of bech32m
    ["btc", "BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL"],
    ["btc", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh"], // bech32m instead of bech32
    ["btc", "bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4"], // invalid character
    ["btc", "BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R"], // invalid version
    ["btc", "bc1pw5dgrnzv"], // 1-byte program
    ["btc", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav"], // 41 bytes
    ["btc", "BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P"], // bad v0 length
    ["btc", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf"], // padding > 4 bits
    ["btc", "bc1gmk9yu"], // empty data
    ["btc", "bc1QW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"], // mixed case
    // valid elsewhere but not on mainnet / not a plain payment target
    ["btc", "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7"], // testnet
    ["btc", "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y"], // v1 with 40 bytes: not taproot
    ["btc", "BC1SW50QGDZ25J"], // v16: anyone-can-spend today
    ["btc", "bc1zw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"],
    ["btc", "mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn"], // testnet P2PKH (valid checksum, version 0x6f)
    ["btc", "ltc1qx88q7zjd74lxwgkjmmwlqv5pd3vujuehexfttt"], // Litecoin
    ["btc", "DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L"], // Dogecoin
    ["btc", "bitcoin:1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"], // URI, not an address
    ["btc", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa1"], // something appended
    ["btc", "x1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"], // something prepended
    ["btc", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa?amount=1"],
    ["btc", "11A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"], // extra leading zero byte
    ["bch", "bchtest:qpf29h80q4kzprl84jmwhf9du3jsu2tvw509nqz5cy"], // testnet
    ["bch", "bitcoincash:QPM2QSZNHKS23Z7629MMS6S4CWEF74VCWVY22GDX6A"], // mixed case
    ["bch", "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6b"],
    ["bch", "1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu"], // legacy form: indistinguishable from a Bitcoin address
    ["bch", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy"],
    ["ltc", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"], // Bitcoin P2PKH version
    ["ltc", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy"], // old Litecoin P2SH version = Bitcoin P2SH version
    ["doge", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"],
    ["eth", "5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"], // no 0x
    ["eth", "0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"], // upper-case X
    ["eth", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA"], // 38 hex
    ["eth", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00"], // 42 hex
    ["eth", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg"], // not hex
    ["eth", "ethereum:0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"],
    ["eth", "vitalik.eth"], // names are not resolved here
    ["trx", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"],
    ["trx", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"],
    ["xrp", "rrrrrrrrrrrrrrrrrrrrrhoLvTp"], // ACCOUNT_ZERO black hole
    ["xrp", "rrrrrrrrrrrrrrrrrrrrBZbvji"], // ACCOUNT_ONE black hole
    ["xrp", "XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi"], // X-address: tag inside, refused
    ["xrp", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"],
    // Solana has no checksum: dropping the last character can still leave a valid 32-byte key,
    // so only clearly wrong lengths can be caught.
    ["sol", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZ"], // too short for 32 bytes
    ["sol", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1vv"], // too long
    ["sol", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt10"], // '0' is not base58
    ["ton", "Ef8zMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzM0vF"], // masterchain
    // the docs account with the testnet-only flag set (CRC recomputed with Python's binascii.crc_hqx)
    ["ton", "kQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPgpP"],
    ["ton", "0QDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPleK"],
    ["ton", "EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrH"], // 47 chars
    ["ton", "EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqP+HF"], // mixed alphabets
    ["ton", "-1:ca6e321c7cce9ecedf0a8ca2492ec8592494aa5fb5ce0387dff96ef6af982a3e"],
    ["ton", "0:ca6e321c7cce9ecedf0a8ca2492ec8592494aa5fb5ce0387dff96ef6af982a3"],
    // SEP-23 invalid strkeys, and valid non-account strkeys
    ["xlm", "GAAAAAAAACGC6"],
    ["xlm", "GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZA"],
    ["xlm", "GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUACUSI"],
    ["xlm", "G47QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVP2I"],
    ["xlm", "MA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUAAAAAAAAAAAACJUQ"], // muxed
    ["xlm", "CA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUWDA"], // contract
    ["xlm", "ga7qynf7sowq3glr2bgmzehxavirza4kvwltjjfc7mgxua74p7ujvsgz"], // lower case
    ["ada", "addr_test1vz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzerspjrlsz"], // testnet
    ["ada", "addr1vpu5vlrf4xkxv2qpwngf6cjhtw542ayty80v8dyr49rf5eg0yu80w"], // CIP-19 table sample: testnet tag under "addr"
    ["ada", "addr1gx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer5pnz75xxcrzqf96k"], // pointer address
    ["ada", "stake1uyehkck0lajq8gr28t9uxnuvgcqrc6070x3k9r8048z8y5gh6ffgw"], // stake address
    ["ada", "2657WMsDfac6Cmfg4Varph2qyLKGi2K9E8jrtvjHVzfSjmbTMGy5sY3HpxCKsmtDA"], // Byron testnet (protocol magic attribute)
    ["ada", "37btjrVyb4KDXBNC4haBVPCrro8AQPHwvCMp3RFhhSVWwfFmZ6wwzSK6JK1hY6wHNmtrpTf1kdbva8TCneM2YsiXT7mrzT21EacHnPpz5YyUdj64na"], // Byron testnet
    ["dot", "5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY"], // Alice, generic Substrate prefix 42
    ["dot", "HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F"], // Alice on Kusama
    ["ksm", "15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5"],
    ["atom", "cosmosvaloper1sxx9mszve0gaedz5ld7qdkjkfv8z992ax69k08"], // validator operator, not an account
    ["atom", "osmo1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02"],
    ["atom", "cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd20"], // last two characters swapped
    ["xmr", "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3"], // 94 chars
    ["xmr", "94AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A"], // not a mainnet prefix
    [
      "ln",
      "lntb20m1pvjluezhp58yjmdan79s6qqdhdzgynm4zwqd5d7xmw5fk98klysy043l2ahrqspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqfpp3x9et2e20v6pu37c5d9vax37wxq72un98kmzzhznpurw9sgl2v0nklu2g4d0keph5t7tj9tcqd8rexnd07ux4uv2cjvcqwaxgj7v4uwn5wmypjd5n69z2xm3xgksg28nwht7f6zspwp3f9t",
    ], // testnet
    ["ln", "lightning:satoshi@getalby.com"],
    ["ln", "Satoshi@getalby.com"], // LUD-16 user names are lower case
    ["ln", "satoshi@localhost"],
    ["ln", "@getalby.com"],
    ["ln", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"], // on-chain address on Lightning
    ["near", "Alice.near"],
    ["near", "a"],
    ["near", "alice..near"],
    ["near", "alice.near."],
    ["eos", "toolongaccount1"],
    ["eos", "eosio.token."],
    ["eos", "account6789"], // 6-9 are not in the EOS alphabet
    ["hbar", "0.0.0"],
    ["hbar", "0.0.123-vfmkw"], // checksum form not supported
    ["hbar", "1.0.123"],
    ["sui", "0x0000000000000000000000000000000000000000000000000000000000000000"],
    ["sui", "0x2"],
    ["zec", "zs1z7rejlpsa98s2rrrfkwmaxu53e4ue0ulcrw0h4x5g8jl04tak0d3mm47vdtahatqrlkngh9sly"], // shielded
  ])("%s refuses %s", (network, address) => {
    expect(checkAddress(network, address)).toEqual({ ok: false, problem: "invalid-format" });
  });
});

describe("checkAddress: the catalogue's other networks refuse testnet, wrong length and wrong alphabet", () => {
  it.each<[string, string]>([
    ["dgb", "dgbt1qqypqxpq9qcrsszg2pvxq6rs0zqg3yyc5tfu48j"], // testnet hrp "dgbt" (built from DigiByte's chainparams)
    ["dgb", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy"], // old P2SH version = Bitcoin's
    ["dgb", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"],
    ["rvn", "mfcHP2WMCVLsVZA8yrovmhMgxNFW9r98xw"], // testnet version 111 (built from Ravencoin's chainparams)
    ["rvn", "R9NXAVJezHiBnT3ijTpg3JUZre7PxhJWtO"], // the built P2PKH above with an 'O', which is not base58
    ["sys", "tsys1qqypqxpq9qcrsszg2pvxq6rs0zqg3yyc5k6qxwf"],
    ["sys", "sys1pqypqxpq9qcrsszg2pvxq6rs0zqg3yyc5z5tpwxqergd3c8g7rusq572qlu"], // taproot: not taken where the chain's activation is not confirmed (built) // testnet hrp "tsys" (built from Syscoin's chainparams)
    ["sys", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy"],
    ["bsv", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy"], // P2SH: not standard since Genesis
    ["bsv", "mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn"], // testnet
    ["dcr", "DsUZxxoHJSty8DCfwfartwTYbuhmVbScv7w"], // dcrd's P2PKH payload with a double-sha256 checksum (built)
    ["dcr", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"],
    ["qtum", "qKMLfF2HAvN23XSTQmEb41G3vc8FpXxD14"], // testnet version 120 (Qtum's key_io_valid.json, "chain": "test")
    ["qtum", "tq1q74fxwnvhsue0l8wremgq66xzvn48jlc5xgw3xd"], // testnet hrp "tq" (same file)
    ["qtum", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"], // Bitcoin's hrp
    ["zen", "ztcAx94kKNgjQYKP3ZzgwdXBmwqgwHQ6Tuu"], // testnet "zt"
    ["zen", "t1fuvbxcLNhiPGnR2fcy4iMrntLn2y6zbiG"], // Zcash transparent
    ["kmd", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"],
    ["algo", "x"], // the example: any text was accepted
    ["algo", "VCMJKWOY5P5P7SKMZFFOCEROPJCZOTIJMNIYNUCKH7LRO45JMJP6UYBIJ"], // 57 characters
    ["algo", "vcmjkwoy5p5p7skmzffoceropjczotijmniynuckh7lro45jmjp6uybija"], // lower case
    ["nano", "nano_3t6k35gi95xu6tergt6p69ck76ogmitsa8mnijtpxm9fkcm736xtoncuohr"], // too short
    ["nano", "nano_3t6k35gi95xu6tergt6p69ck76ogmitsa8mnijtpxm9fkcm736xtoncuohr2"], // '2' is not in Nano's alphabet
    ["nano", "ban_3t6k35gi95xu6tergt6p69ck76ogmitsa8mnijtpxm9fkcm736xtoncuohr3"], // Banano prefix
    ["waves", "3MwRqEZ4cBFRXShgNCyvKuVjcvLLtgWVvuZ"], // testnet chain id 'T' (Waves docs gist)
    ["waves", "3PAWwWa6GbwcJaFzwqXQN5KQm7H96Y7SHT"], // too short
    ["neo", "AQns2WW1QYvoUgECv37zcDLXpNqoYvfGUc"], // legacy Neo 2 version
    ["neo3", "AQns2WW1QYvoUgECv37zcDLXpNqoYvfGUc"],
    ["ont", "NXV7ZhHiyM1aHXwpVsRZC6BwNFP2jghXAq"], // a Neo N3 address
    ["xem", "TAHPGS7CKZAERDU5RGHRCGN4DYGXRLQXO5CPNWIP"], // testnet (NEM-sdk sample)
    ["xem", "NBZMQO-7ZPBYN-BDUR7F-75MAKA-2S3DHD-CIFG77-5N3"], // wrong grouping
    ["xem", "nbzmqo7zpbynbdur7f75maka2s3dhdcifg775n3d"], // lower case
    ["lsk", "6076671634347365051L"], // legacy Lisk address: cannot receive since Lisk 3
    ["lsk", "lskqbs324cbbwd5h3tbc4ajsoqfzjet448y79qef"], // 37 characters
    ["lsk", "lskqbs324cbbwd5h3tbc4ajsoqfzjet448y79qefl"], // 'l' is not in the Lisk32 alphabet
    ["icx", "cx0000000000000000000000000000000000000001"], // governance score: a contract
    ["icx", "hxBE258CEB872E08851F1F59694DAC2558708ECE11"], // upper case
    ["icx", "hx0000000000000000000000000000000000000000"],
    ["sc", "ca6e321c7cce9ecedf0a8ca2492ec8592494aa5fb5ce0387dff96ef6af982a3e5c10708a13"], // no full checksum
    ["sc", "CA6E321C7CCE9ECEDF0A8CA2492EC8592494AA5FB5CE0387DFF96EF6AF982A3E5C10708A13D4"],
    ["egld", "erd1qyu5wthldzr8wx5c9ucg8kjagg0jfs53s8nr3zpz3hypefsdd8ssycr6tt"], // bad checksum
    ["egld", "cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02"],
    ["zil", "0x62e907b15cbf27d5425399ebf6f0fb50ebb88f18"], // the 0x form is not taken
    ["zil", "zil1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq9yf6pz"], // zero address
    ["ardr", "NXT-3GV8-8347-UD38-FNU2U"], // NXT prefix
    ["ardr", "ARDOR-3GV8-8347-UD38-FNU2"],
    ["ardr", "ardor-3gv8-8347-ud38-fnu2u"],
    ["iost", "abcd"], // 4 characters
    ["iost", "abcdefghijkl"], // 12 characters
    ["iost", "Binance"],
    ["steem", "ab"], // shorter than 3
    ["steem", "thisnameistoolong"], // 17 characters
    ["steem", "1abc"], // must start with a letter
    ["steem", "abc-"], // must end with a letter or digit
    ["hive", "ab.cde"], // every dot-separated part has 3 or more characters
    ["hive", "Hiveio"],
    ["hive", "hive_io"],
    ["eos", "eosio@token"],
    ["ron", "ronin:5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD"], // bad EIP-55 case
    ["vet", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD"],
    ["chz", "5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"],
    ["kava", "cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02"], // another chain's prefix
  ])("%s refuses %s", (network, address) => {
    expect(knowsAddressFormat(network)).toBe(true);
    expect(checkAddress(network, address)).toEqual({ ok: false, problem: "invalid-format" });
  });

  it("takes NEM addresses with dashes and passes them on without", () => {
    expect(checkAddress("xem", "NBZMQO-7ZPBYN-BDUR7F-75MAKA-2S3DHD-CIFG77-5N3D")).toEqual({
      ok: true,
      address: "NBZMQO7ZPBYNBDUR7F75MAKA2S3DHDCIFG775N3D",
    });
  });

  it("takes Ronin's ronin: form and passes on the 0x form the chain takes", () => {
    expect(checkAddress("ron", "ronin:5aaeb6053f3e94c9b9a09f33669435e7ef1beaed")).toEqual({
      ok: true,
      address: "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed",
    });
    expect(checkAddress("ron", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toEqual({
      ok: true,
      address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    });
  });
});

describe("checkAddress: burn addresses and token contracts", () => {
  it.each<[string, string]>([
    ["eth", "0x0000000000000000000000000000000000000000"],
    ["bsc", "0x000000000000000000000000000000000000dead"],
    ["trx", "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb"], // Tron's zero address
    ["sol", "11111111111111111111111111111111"],
    ["sol", "1nc1nerator11111111111111111111111111111111"], // the Solana SDK's incinerator
    ["algo", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ"],
    ["nano", "nano_1111111111111111111111111111111111111111111111111111hifc8npp"],
    ["rvn", "RXBurnXXXXXXXXXXXXXXXXXXXXXXWUo9FV"],
    ["ardr", "ARDOR-2222-2222-2222-22222"],
    ["sc", "000000000000000000000000000000000000000000000000000000000000000089eb0d6a8a69"], // Sia's void address
    // Ravencoin's asset burn addresses (chainparams.cpp): issuing an asset pays RVN into these
    ["rvn", "RXissueAssetXXXXXXXXXXXXXXXXXhhZGt"],
    ["rvn", "RXReissueAssetXXXXXXXXXXXXXXVEFAWu"],
    ["rvn", "RXissueSubAssetXXXXXXXXXXXXXWcwhwL"],
    ["rvn", "RXissueUniqueAssetXXXXXXXXXXWEAe58"],
    ["rvn", "RXissueMsgChanneLAssetXXXXXXSjHvAY"],
    ["rvn", "RXissueQuaLifierXXXXXXXXXXXXUgEDbC"],
    ["rvn", "RXissueSubQuaLifierXXXXXXXXXVTzvv5"],
    ["rvn", "RXissueRestrictedXXXXXXXXXXXXzJZ1q"],
    ["rvn", "RXaddTagBurnXXXXXXXXXXXXXXXXZQm5ya"],
    // Bitcoin's best-known sinks, valid P2PKH on Bitcoin and Bitcoin SV alike
    ["btc", "1111111111111111111114oLvT2"], // hash160 of all zeros
    ["bsv", "1111111111111111111114oLvT2"],
    ["btc", "1BitcoinEaterAddressDontSendf59kuE"],
    ["bsv", "1BitcoinEaterAddressDontSendf59kuE"],
    ["btc", "1CounterpartyXXXXXXXXXXXXXXXUWLpVr"], // Counterparty's proof-of-burn address
    // TON's zero account on the basechain, in every spelling
    ["ton", "0:0000000000000000000000000000000000000000000000000000000000000000"],
    ["ton", "EQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAM9c"],
    ["ton", "UQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAJKZ"],
  ])("%s: %s is a burn address", (network, address) => {
    expect(checkAddress(network, address)).toEqual({ ok: false, problem: "burn-address" });
  });

  it("every burn entry is a well-formed address of its network, so the refusal is about burning, not form", async () => {
    const chains = await import("../../../src/domain/address-chains.js");
    expect(chains.isAlgorand("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ")).toBe(true);
    expect(chains.isNano("nano_1111111111111111111111111111111111111111111111111111hifc8npp")).toBe(true);
    expect(chains.isRavencoin("RXBurnXXXXXXXXXXXXXXXXXXXXXXWUo9FV")).toBe(true);
    expect(chains.isRavencoin("RXissueAssetXXXXXXXXXXXXXXXXXhhZGt")).toBe(true);
    expect(chains.isRavencoin("RXaddTagBurnXXXXXXXXXXXXXXXXZQm5ya")).toBe(true);
    expect(chains.isBitcoinSv("1111111111111111111114oLvT2")).toBe(true);
    expect(chains.isBitcoinSv("1BitcoinEaterAddressDontSendf59kuE")).toBe(true);
    expect(chains.isArdor("ARDOR-2222-2222-2222-22222")).toBe(true);
    expect(chains.isSia("000000000000000000000000000000000000000000000000000000000000000089eb0d6a8a69")).toBe(true);
  });

  it.each<[string, string, string]>([
    ["eth", "0xdAC17F958D2ee523a2206206994597C13D831ec7", "USDT"],
    ["arb", "0xdac17f958d2ee523a2206206994597c13d831ec7", "USDT"], // any case, any EVM network
    ["eth", "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", "USDC"],
    ["bsc", "0x55d398326f99059fF775485246999027B3197955", "USDT"],
    ["bsc", "0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d", "USDC"],
    ["trx", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "USDT"],
    ["trx", "TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8", "USDC"],
    ["sol", "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB", "USDT"],
    ["sol", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", "USDC"],
    ["ton", "EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs", "USDT"],
    ["ton", "0:b113a994b5024a16719f69139328eb759596c38a25f59028b146fecdc3621dfe", "USDT"], // same jetton master, raw form
  ])("%s: %s is the %s contract", (network, address, token) => {
    expect(checkAddress(network, address)).toEqual({ ok: false, problem: "token-contract", token });
  });
});

describe("checkAddress: characters that must never get through", () => {
  const genuine = "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa";
  const middle = 17;
  const inject = (char: string, at = middle): string => genuine.slice(0, at) + char + genuine.slice(at);

  it.each([
    ["ZERO WIDTH SPACE", "\u200B"],
    ["ZERO WIDTH NON-JOINER", "\u200C"],
    ["ZERO WIDTH JOINER", "\u200D"],
    ["LEFT-TO-RIGHT MARK", "\u200E"],
    ["RIGHT-TO-LEFT MARK", "\u200F"],
    ["RIGHT-TO-LEFT OVERRIDE", "\u202E"],
    ["LEFT-TO-RIGHT EMBEDDING", "\u202A"],
    ["LEFT-TO-RIGHT ISOLATE", "\u2066"],
    ["RIGHT-TO-LEFT ISOLATE", "\u2067"],
    ["FIRST STRONG ISOLATE", "\u2068"],
    ["POP DIRECTIONAL ISOLATE", "\u2069"],
    ["ARABIC LETTER MARK", "\u061C"],
    ["WORD JOINER", "\u2060"],
    ["SOFT HYPHEN", "\u00AD"],
    ["NUL", "\u0000"],
    ["DELETE", "\u007F"],
    ["ESCAPE", "\u001B"],
  ])("%s inside, at the start or at the end is unprintable", (_name, char) => {
    for (const network of ["btc", "unknownchain"]) {
      expect(checkAddress(network, inject(char))).toEqual({ ok: false, problem: "unprintable" });
      expect(checkAddress(network, char + genuine)).toEqual({ ok: false, problem: "unprintable" });
      expect(checkAddress(network, genuine + char)).toEqual({ ok: false, problem: "unprintable" });
    }
  });

  it("refuses look-alike letters from other scripts", () => {
    const cyrillicA = "\u0410"; // looks like "A"
    expect(checkAddress("btc", genuine.replace("A", cyrillicA))).toEqual({ ok: false, problem: "unprintable" });
    expect(checkAddress("eth", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA\u0435d")).toEqual({
      ok: false,
      problem: "unprintable",
    });
    expect(checkAddress("unknownchain", "caf\u00E9")).toEqual({ ok: false, problem: "unprintable" });
    expect(checkAddress("unknownchain", "\uFF41bc")).toEqual({ ok: false, problem: "unprintable" }); // full-width a
  });

  it.each([
    ["space", " "],
    ["tab", "\t"],
    ["newline", "\n"],
    ["NBSP", "\u00A0"],
    ["narrow NBSP", "\u202F"],
    ["ideographic space", "\u3000"],
    ["line separator", "\u2028"],
    ["BOM", "\uFEFF"],
  ])("%s inside is whitespace", (_name, char) => {
    expect(checkAddress("btc", inject(char))).toEqual({ ok: false, problem: "whitespace" });
    expect(checkAddress("unknownchain", inject(char))).toEqual({ ok: false, problem: "whitespace" });
  });

  it("refuses a sentence that contains a valid address", () => {
    expect(checkAddress("btc", `send to ${genuine}`)).toEqual({ ok: false, problem: "whitespace" });
    expect(checkAddress("btc", `${genuine},${genuine}`)).toEqual({ ok: false, problem: "invalid-format" });
    expect(checkAddress("btc", `${genuine}\n${genuine}`)).toEqual({ ok: false, problem: "whitespace" });
  });

  it("refuses an empty or blank address", () => {
    expect(checkAddress("btc", "")).toEqual({ ok: false, problem: "empty" });
    expect(checkAddress("btc", " \n\t\u00A0")).toEqual({ ok: false, problem: "empty" });
    expect(checkAddress("nope", "")).toEqual({ ok: false, problem: "empty" });
  });

  it("refuses overlong input before looking at it further", () => {
    expect(checkAddress("btc", "1".repeat(129))).toEqual({ ok: false, problem: "too-long" });
    expect(checkAddress("ln", `lnbc1${"q".repeat(2100)}`)).toEqual({ ok: false, problem: "too-long" });
  });
});

describe("checkAddress: networks without a known format get sane limits only", () => {
  it.each(["kas", "somecoin", "__proto__", "constructor", "toString", ""])("%j is not a known format", (network) => {
    expect(knowsAddressFormat(network)).toBe(false);
  });

  it.each<[string, { ok: true; address: string } | { ok: false; problem: AddressProblem }]>([
    [
      "kaspa:qypr7ayn2a7jhu5wztjczpavnkjdcm98qm4w0mza8ra6c4lrfzs5yeq2a4mxqa3",
      {
        ok: true,
        address: "kaspa:qypr7ayn2a7jhu5wztjczpavnkjdcm98qm4w0mza8ra6c4lrfzs5yeq2a4mxqa3",
      },
    ],
    ["  abcDEF123  ", { ok: true, address: "abcDEF123" }],
    ["x", { ok: true, address: "x" }],
    ["a".repeat(128), { ok: true, address: "a".repeat(128) }],
    ["a".repeat(129), { ok: false, problem: "too-long" }],
    ["a b", { ok: false, problem: "whitespace" }],
    ["a\u200Bb", { ok: false, problem: "unprintable" }],
    ["\u202Eab", { ok: false, problem: "unprintable" }],
    ["h\u00E9llo", { ok: false, problem: "unprintable" }],
    ["", { ok: false, problem: "empty" }],
  ])("%j", (address, expected) => {
    expect(checkAddress("somecoin", address)).toEqual(expected);
    expect(checkAddress("__proto__", address)).toEqual(expected);
  });
});

describe("checkMemo", () => {
  it("treats an empty memo as no memo", () => {
    for (const network of ["xrp", "xlm", "ton", "atom", "eos", "somecoin"]) {
      expect(checkMemo(network, "")).toEqual({ ok: true, memo: "" });
      expect(checkMemo(network, "   ")).toEqual({ ok: true, memo: "" });
    }
  });

  it.each([
    ["0", true],
    ["1", true],
    ["123456", true],
    [" 98765 ", true],
    ["4294967295", true],
    ["4294967296", false],
    ["99999999999", false],
    ["-1", false],
    ["12a", false],
    ["1.5", false],
    ["1e3", false],
    ["007", false], // leading zeros: is it 7?
    ["1 000", false],
    ["\uFF11\uFF12", false], // full-width digits
    ["tag 123", false],
  ])("xrp destination tag %j → %s", (memo, ok) => {
    const result = checkMemo("xrp", memo);
    expect(result.ok).toBe(ok);
    if (ok) expect(result).toEqual({ ok: true, memo: memo.trim() });
    else expect(result).toMatchObject({ problem: "invalid-format" });
  });

  it("xlm: numeric id up to 2^64-1 or text up to 28 bytes", () => {
    expect(checkMemo("xlm", "18446744073709551615")).toEqual({ ok: true, memo: "18446744073709551615" });
    expect(checkMemo("xlm", "18446744073709551616")).toEqual({ ok: false, problem: "invalid-format" });
    expect(checkMemo("xlm", "0012")).toEqual({ ok: false, problem: "invalid-format" });
    expect(checkMemo("xlm", "Hello world")).toEqual({ ok: true, memo: "Hello world" });
    expect(checkMemo("xlm", "a".repeat(28))).toEqual({ ok: true, memo: "a".repeat(28) });
    expect(checkMemo("xlm", "a".repeat(29))).toEqual({ ok: false, problem: "too-long" });
    // 14 Cyrillic letters are 28 bytes; 15 are 30
    expect(checkMemo("xlm", "\u0430".repeat(14))).toMatchObject({ ok: true });
    expect(checkMemo("xlm", "\u0430".repeat(15))).toEqual({ ok: false, problem: "too-long" });
    expect(checkMemo("xlm", "memo\u202Etxt")).toEqual({ ok: false, problem: "unprintable" });
  });

  it.each(["ton", "eos", "kas", "somecoin"])("%s: printable text up to 100 characters", (network) => {
    expect(checkMemo(network, "123456789")).toEqual({ ok: true, memo: "123456789" });
    expect(checkMemo(network, "  for order #42  ")).toEqual({ ok: true, memo: "for order #42" });
    expect(checkMemo(network, "\u041F\u0440\u0438\u0432\u0435\u0442 \u{1F680}")).toMatchObject({ ok: true });
    expect(checkMemo(network, "x".repeat(100))).toEqual({ ok: true, memo: "x".repeat(100) });
    expect(checkMemo(network, "x".repeat(101))).toEqual({ ok: false, problem: "too-long" });
    for (const bad of [
      "\u200B",
      "\u200E",
      "\u202E",
      "\u2066",
      "\u2067",
      "\u2068",
      "\u2069",
      "\u0000",
      "\u001B",
      "\t",
      "\n",
      "\u00A0",
      "\u2028",
      "\uFEFF",
      "\uE000",
    ]) {
      expect(checkMemo(network, `12${bad}34`), JSON.stringify(bad)).toEqual({ ok: false, problem: "unprintable" });
    }
  });

  it("atom: up to 256 bytes (Cosmos SDK MaxMemoCharacters, compared with Go's len: bytes)", () => {
    expect(checkMemo("atom", "x".repeat(256))).toEqual({ ok: true, memo: "x".repeat(256) });
    expect(checkMemo("atom", "x".repeat(257))).toEqual({ ok: false, problem: "too-long" });
    // 128 Cyrillic letters are 256 bytes; 129 are 258, which the chain would refuse
    expect(checkMemo("atom", "\u0430".repeat(128))).toMatchObject({ ok: true });
    expect(checkMemo("atom", "\u0430".repeat(129))).toEqual({ ok: false, problem: "too-long" });
    expect(checkMemo("atom", "memo\u202Etxt")).toEqual({ ok: false, problem: "unprintable" });
  });

  it.each(["bnb", "bep2"])("%s: up to 128 bytes (BNB Beacon Chain transfer memo)", (network) => {
    expect(checkMemo(network, "x".repeat(128))).toEqual({ ok: true, memo: "x".repeat(128) });
    expect(checkMemo(network, "x".repeat(129))).toEqual({ ok: false, problem: "too-long" });
    // 64 Cyrillic letters are 128 bytes; 65 are 130
    expect(checkMemo(network, "\u0430".repeat(64))).toMatchObject({ ok: true });
    expect(checkMemo(network, "\u0430".repeat(65))).toEqual({ ok: false, problem: "too-long" });
  });

  it("xem: a plain message up to 1024 bytes, within the bot's 256 characters", () => {
    expect(checkMemo("xem", "x".repeat(256))).toEqual({ ok: true, memo: "x".repeat(256) });
    expect(checkMemo("xem", "x".repeat(257))).toEqual({ ok: false, problem: "too-long" });
    expect(checkMemo("xem", "\u{1F680}".repeat(256))).toEqual({ ok: true, memo: "\u{1F680}".repeat(256) }); // 1024 bytes
  });

  it.each(["steem", "hive"])("%s: a memo starting with # would be encrypted by the wallet and is refused", (network) => {
    expect(checkMemo(network, "#123456")).toEqual({ ok: false, problem: "encrypted" });
    expect(checkMemo(network, "  #abc")).toEqual({ ok: false, problem: "encrypted" });
    expect(checkMemo(network, "order #42")).toEqual({ ok: true, memo: "order #42" });
    expect(checkMemo(network, "x".repeat(256))).toEqual({ ok: true, memo: "x".repeat(256) });
    expect(checkMemo(network, "x".repeat(257))).toEqual({ ok: false, problem: "too-long" });
  });
});
