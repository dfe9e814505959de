/**
 * The people and chats of the playground: two people with private chats (one cannot see the
 * other's exchanges), a group where Alice is admin and Boris a member, and a support person.
 */
import type { BotApiEmulator, TestChat, TestUser } from "../emulator/index.js";

export interface ChatSeat {
  /** Stable key used in the page's URLs. */
  key: string;
  label: string;
  subtitle: string;
  user: TestUser;
  /** Undefined: the person's private chat with the bot. */
  group: TestChat | undefined;
}

export interface Cast {
  seats: ChatSeat[];
  supportUserId: number;
  seat(key: string): ChatSeat | undefined;
  /** The private chat of the person sitting in `seat`. */
  privateSeatOf(seat: ChatSeat): ChatSeat;
}

export function createCast(emulator: BotApiEmulator): Cast {
  const alice = emulator.user({ id: 1001, first_name: "Alice", username: "alice", language_code: "en" });
  const boris = emulator.user({ id: 1002, first_name: "Boris", username: "boris", language_code: "ru" });
  const sam = emulator.user({ id: 1003, first_name: "Sam", username: "sam_support", language_code: "en" });
  const club = emulator.group({ id: -1001234567890, title: "Swap Club", type: "supergroup", admins: [alice.id] });
  club.addMember(boris);
  const seats: ChatSeat[] = [
    { key: "alice", label: "Alice", subtitle: "private chat", user: alice, group: undefined },
    { key: "boris", label: "Boris", subtitle: "private chat · Russian", user: boris, group: undefined },
    { key: "club-alice", label: "Swap Club", subtitle: "group · as Alice (admin)", user: alice, group: club },
    { key: "club-boris", label: "Swap Club", subtitle: "group · as Boris (member)", user: boris, group: club },
    { key: "sam", label: "Sam", subtitle: "private chat · support staff", user: sam, group: undefined },
  ];
  const byKey = new Map(seats.map((seat) => [seat.key, seat]));
  return {
    seats,
    supportUserId: sam.id,
    seat: (key) => byKey.get(key),
    privateSeatOf: (seat) => seats.find((candidate) => candidate.group === undefined && candidate.user === seat.user) as ChatSeat,
  };
}
