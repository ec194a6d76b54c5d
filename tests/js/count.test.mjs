// node --test: the count pad's sums (static/count.js): a card counted at the values of the
// contract chosen, taken back by a second tap, recounted under another contract, the other
// pile the rest of the round. The tables are as web/count.py writes them from the core.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  RANKS, SUITS, cardKey, otherPile, possible, sumOf, tableOf, toggle,
} from "../../src/belot/web/static/count.js";

const ORDER = ["J", "9", "A", "10", "K", "Q", "8", "7"];
const TRUMP = [20, 14, 11, 10, 4, 3, 0, 0];
const PLAIN = [2, 0, 11, 10, 4, 3, 0, 0];
const SANS = [2, 0, 19, 10, 4, 3, 0, 0];

function rows(trumps, trump = TRUMP, plain = PLAIN) {
  return Object.fromEntries(SUITS.map((s) => [s, trumps.includes(s) ? trump : plain]));
}

const BELOT = {
  field: "cards", team_field: "cards_team", contract_field: "contract", ranks: ORDER, last: 0,
  contracts: {
    ...Object.fromEntries(SUITS.map((s) => [s, { total: 152, trumps: [s], values: rows([s]) }])),
    "no-trumps": { total: 120, trumps: [], values: rows([]) },
    "all-trumps": { total: 248, trumps: SUITS, values: rows(SUITS) },
  },
};
const BALOOT = {
  field: "abnat", team_field: "abnat_team", contract_field: "mode", ranks: ORDER, last: 10,
  contracts: {
    sun: { total: 130, trumps: [], values: rows([]) },
    hokm: { total: 162,
      pick: Object.fromEntries(SUITS.map((s) => [s, { trumps: [s], values: rows([s]) }])) },
  },
};
const COINCHE = {
  ...BELOT,
  contracts: { "no-trumps": { total: 152, trumps: [], values: rows([], TRUMP, SANS) } },
};

function counted(...cards) {
  return cards.reduce((set, [suit, rank]) => toggle(set, cardKey(suit, rank)), new Set());
}

test("the pad shows the 32 cards, four suits of eight", () => {
  assert.equal(SUITS.length * RANKS.length, 32);
  assert.deepEqual([...RANKS].sort(), [...ORDER].sort());
});

test("a suit contract: J♥ 9♥ A♠ 10♦ in hearts is 55, the other pile 97", () => {
  const table = tableOf(BELOT, "hearts");
  const cards = counted(["hearts", "J"], ["hearts", "9"], ["spades", "A"], ["diamonds", "10"]);
  assert.equal(sumOf(cards, table), 55);
  assert.equal(otherPile(table.total, 55), 97);
  assert.deepEqual(table.trumps, ["hearts"]);
});

test("a second tap takes the card back", () => {
  let cards = counted(["hearts", "J"], ["spades", "A"]);
  cards = toggle(cards, cardKey("hearts", "J"));
  assert.equal(sumOf(cards, tableOf(BELOT, "hearts")), 11);
  assert.equal(sumOf(toggle(cards, cardKey("spades", "A")), tableOf(BELOT, "hearts")), 0);
});

test("another contract recounts the same cards", () => {
  const cards = counted(["hearts", "J"], ["spades", "9"]);
  assert.equal(sumOf(cards, tableOf(BELOT, "hearts")), 20);
  assert.equal(sumOf(cards, tableOf(BELOT, "no-trumps")), 2);
  assert.equal(sumOf(cards, tableOf(BELOT, "all-trumps")), 34);
  assert.equal(otherPile(tableOf(BELOT, "all-trumps").total, 34), 214);
});

test("every card counted is the whole deck", () => {
  const all = new Set(SUITS.flatMap((s) => RANKS.map((r) => cardKey(s, r))));
  for (const [contract, deck] of [["clubs", 152], ["no-trumps", 120], ["all-trumps", 248]]) {
    const table = tableOf(BELOT, contract);
    assert.equal(sumOf(all, table), deck);
    assert.equal(otherPile(table.total, deck), 0);
  }
});

test("Hokm counts once a trump is picked, and the last trick adds its 10", () => {
  const cards = counted(["spades", "J"], ["hearts", "J"]);
  const unpicked = tableOf(BALOOT, "hokm", null);
  assert.equal(unpicked.pick, true);
  assert.equal(sumOf(cards, unpicked), null);
  assert.equal(otherPile(unpicked.total, null), null);
  assert.equal(sumOf(cards, tableOf(BALOOT, "hokm", "spades")), 22);
  assert.equal(sumOf(cards, tableOf(BALOOT, "hokm", "spades"), BALOOT.last), 32);
  assert.equal(otherPile(162, 32), 130);
  assert.equal(sumOf(cards, tableOf(BALOOT, "sun"), 10), 14);
});

test("sans-tout-atout's no trumps: the ace is 19", () => {
  assert.equal(sumOf(counted(["hearts", "A"]), tableOf(COINCHE, "no-trumps")), 19);
});

test("a contract the table does not have counts nothing", () => {
  assert.equal(tableOf(COINCHE, "hearts"), null);
  assert.equal(tableOf(null, "hearts"), null);
  assert.equal(sumOf(new Set(), null), null);
});

test("a pile that cannot be cannot be made", () => {
  assert.equal(possible(152, 152), true);
  assert.equal(possible(0, 152), true);
  assert.equal(possible(153, 152), false);
  assert.equal(possible(null, 152), false);
});
