import {
  incomeGroups,
  incomeTypes,
  teamOrders,
  type TeamMember,
  type IncomeGroup,
  type Data,
  type Endpoint,
  type Fields,
  type Income,
  type Language,
  type UpcomingChange,
} from "@dwn/api";
import type { Db } from "../store/db";
import * as q from "../store/queries";
import { readSyncState } from "../sync/indexer";
import { Refusal, reader } from "./input";
import * as schedule from "./schedule";
import type { createSignIn } from "./signin";

export interface RouteContext {
  fields: Fields;
  lang: Language;
  /**
   * The signed-in address (lower-case); set for every endpoint that needs a token, except those
   * that resolve the session themselves.
   */
  address: string;
  /** The token sent; set for every endpoint that needs one. */
  token: string;
  /**
   * Who asks, for the sign-in calls (set on those only): the hash of the envelope's session
   * key, or the client address when the call came without one. A challenge is bound to it.
   */
  requester: string;
}

export interface Route<D = unknown> {
  /** Answers without a token (and without a session key). */
  open?: boolean;
  /**
   * Resolves the session in its own query (one round trip instead of two) and refuses with 401
   * when it is not valid; the handler only checks that a token came.
   */
  ownSession?: boolean;
  /** Sign-in calls: a limit of their own per client address, besides the one of every call. */
  signIn?: boolean;
  /** The reply's data: for an API endpoint, exactly the shape the shared API types name. */
  handle(ctx: RouteContext): Promise<D>;
}

/** Every endpoint's route, each handler typed by the data its endpoint answers (@dwn/api). */
export type Routes = { [E in Endpoint]: Route<Data<E>> };

export interface RouteDeps {
  db: Db;
  signIn: ReturnType<typeof createSignIn>;
  /** `small_performance` a member needs for levels 1..5. */
  levelThresholds: readonly bigint[];
  /**
   * The owner changes queued in the timelock (changes.ts); absent where the contracts have no
   * timelock, so that nothing can be queued.
   */
  upcomingChanges?: () => Promise<UpcomingChange[]>;
}

/** Level 1–5 by small performance; 0 below the first threshold. */
export function levelOf(small: bigint, thresholds: readonly bigint[]): number {
  return thresholds.filter((t) => small >= t).length;
}

const int = (text: string) => Number(text);

export function routes({ db, signIn, levelThresholds, upcomingChanges }: RouteDeps): Routes {
  /** Chain time of the last indexed block: the "now" of stake schedules. */
  async function chainNow(): Promise<bigint> {
    return BigInt((await readSyncState(db))?.blockTime ?? Math.floor(Date.now() / 1000));
  }

  return {
    "user/get_address_random": {
      open: true,
      signIn: true,
      handle: ({ fields, requester }) => signIn.challenge(reader(fields).address("address"), requester),
    },
    "user/login": {
      open: true,
      signIn: true,
      async handle({ fields, requester }) {
        const input = reader(fields);
        const outcome = await signIn.login(input.address("address"), input.signature("signs"), requester);
        if (!outcome.ok) throw new Refusal(outcome.reason === "notBound" ? 10001 : 422, outcome.reason);
        return { access_token: outcome.token };
      },
    },
    "user/logout": {
      // Like every signed-in call, a token that is not a live session gets 401 (the caller is
      // signed out either way); only the session of the token sent ends.
      ownSession: true,
      async handle({ token }) {
        if (!(await signIn.logout(token))) throw new Refusal(401, "notSignedIn");
        return null;
      },
    },
    "user/getMemberTeamInfo": {
      ownSession: true,
      async handle({ token }) {
        const m = await q.team(db, signIn.sessionKey(token));
        if (!m) throw new Refusal(401, "notSignedIn");
        const own = BigInt(m.own ?? 0);
        const team = BigInt(m.team ?? 0);
        const smallPerformance = BigInt(m.small ?? 0);
        return {
          performance: team.toString(),
          all_performance: (team + own).toString(),
          small_performance: smallPerformance.toString(),
          all_small_performance: (smallPerformance + own).toString(),
          friend_num: m.friend_num ?? 0,
          community_num: m.community_num ?? 0,
          level: levelOf(smallPerformance, levelThresholds),
        };
      },
    },
    "user/getFriendList": {
      ownSession: true,
      async handle({ fields, token }) {
        const { offset, limit } = reader(fields).paging();
        const list = await q.friends(db, signIn.sessionKey(token), offset, limit);
        if (!list) throw new Refusal(401, "notSignedIn");
        return list.map((f) => ({
          address: f.address,
          create_time: int(f.bind_time),
          team_performance: f.branch,
          community_num: f.community_num,
          level: levelOf(BigInt(f.small), levelThresholds),
        }));
      },
    },
    "user/getTeamBranch": {
      ownSession: true,
      async handle({ fields, token }) {
        const input = reader(fields);
        const { offset, limit } = input.paging();
        const order = input.optionalOneOf("order", teamOrders) ?? "joined";
        const asked = input.optionalAddress("address");
        const found = await q.branch(db, signIn.sessionKey(token), asked ?? null, order, offset, limit);
        if (!found) throw new Refusal(401, "notSignedIn");
        const address = asked ?? found.caller;
        if (!found.address) {
          if (address !== found.caller) throw new Refusal(422, "notInTeam");
          // Signed in and not indexed yet: a team of one, with nothing in it.
          return { member: emptyMember(address), path: [], largest_leg: null, friends: [] };
        }
        const callerDepth = found.caller_depth ?? 0;
        const largest = found.leg_address;
        return {
          member: memberView(found as q.TeamMemberRow, callerDepth, levelThresholds),
          path: found.path ?? [],
          largest_leg: largest === null ? null : { address: largest, team_performance: found.leg_branch ?? "0" },
          friends: (found.friends ?? []).map((f) => ({
            address: f.address,
            team_performance: f.branch,
            friend_num: f.friend_num,
            largest: f.address === largest,
          })),
        };
      },
    },
    "user/searchTeam": {
      ownSession: true,
      async handle({ fields, token }) {
        const input = reader(fields);
        const prefix = input.addressPrefix("prefix");
        const { offset, limit } = input.paging();
        const rows = await q.searchTeam(db, signIn.sessionKey(token), prefix, offset, limit);
        if (!rows) throw new Refusal(401, "notSignedIn");
        return rows.map((r) => memberView(r, r.caller_depth, levelThresholds));
      },
    },
    "NFT/getNFTList": {
      async handle({ fields, address }) {
        const { offset, limit } = reader(fields).paging();
        return (await q.nfts(db, address, offset, limit)).map((n) => ({ ...n, create_time: int(n.create_time) }));
      },
    },
    "NFT/getIncomeList": {
      async handle({ fields, address }) {
        const input = reader(fields);
        const { offset, limit } = input.paging();
        const filter = input.optionalOneOf("type", INCOME_FILTERS);
        const types = filter === undefined ? undefined : rowTypes(filter);
        const start = input.optionalInteger("start_time", 0, 2 ** 40);
        const end = input.optionalInteger("end_time", 0, 2 ** 40);
        if (start !== undefined && end !== undefined && start > end) throw new Refusal(422, "timeOrder");
        const { total, collected, rows } = await q.incomes(db, address, { types, start, end }, offset, limit);
        return {
          total,
          collected,
          list: rows.map((r) => ({
            type: r.type,
            amount: r.amount,
            timestamp: int(r.timestamp),
            tx_hash: r.tx_hash,
            from_address: r.from_address,
          })),
        };
      },
    },
    "stake/getStakeList": {
      async handle({ fields, address }) {
        const input = reader(fields);
        const { offset, limit } = input.paging("rows", 999);
        const status = input.optionalInteger("status", 0, 2);
        const now = await chainNow();
        return (await q.stakes(db, address, Number(now), status, offset, limit)).map((row) => {
          const t = schedule.terms(row);
          const end = schedule.cycleEnd(t, now);
          return {
            id: row.id,
            status: schedule.status(t, now),
            pay_dwn: row.principal,
            pay_a8: row.a8_amount,
            units: row.units,
            days: Number(t.duration / schedule.DAY),
            start_timestamp: int(row.start_time),
            end_timestamp: Number(end),
            redeemed: row.redeemed_at !== null,
          };
        });
      },
    },
    "stake/getStakeById": {
      async handle({ fields, address }) {
        const input = reader(fields);
        const id = input.id("id");
        const { offset, limit } = input.paging();
        const row = await q.stake(db, id);
        if (!row || row.address !== address) throw new Refusal(10001, "noStake");
        const now = await chainNow();
        const t = schedule.terms(row);
        const rewards = schedule.dailyRows(t, now).map((r) => ({
          timestamp: Number(r.timestamp),
          reward_num: r.reward.toString(),
        }));
        const claims = (await q.stakeClaims(db, id)).map((c) => ({
          collect_id: `${c.tx_hash}:${c.log_index}`,
          tx_hash: c.tx_hash,
          timestamp: int(c.timestamp),
          reward_num: c.amount,
          fee: c.fee,
        }));
        // Newest first; at equal times the claim (which ends a stretch of days) comes first.
        const list = [...claims, ...rewards].sort((a, b) => b.timestamp - a.timestamp);
        return { num: schedule.accrued(t, now).toString(), list: list.slice(offset, offset + limit) };
      },
    },
    "notice/getList": {
      open: true,
      async handle({ fields, lang }) {
        const { offset, limit } = reader(fields).paging();
        return (await q.notices(db, lang === "en-us", offset, limit)).map(noticeView);
      },
    },
    "notice/getDetail": {
      open: true,
      async handle({ fields, lang }) {
        const row = await q.notice(db, lang === "en-us", reader(fields).integer("id", 1, 2 ** 31 - 1));
        if (!row) throw new Refusal(10001, "noNotice");
        return noticeView(row);
      },
    },
    "system/getUpcomingChanges": {
      open: true,
      handle: async () => (upcomingChanges ? upcomingChanges() : []),
    },
  };
}

/** A team member's row as the API shows it; `callerDepth` counts its generation. */
function memberView(r: q.TeamMemberRow, callerDepth: number, levelThresholds: readonly bigint[]): TeamMember {
  const team = BigInt(r.team);
  const small = team - BigInt(r.max_leg);
  return {
    address: r.address,
    create_time: Number(r.depth) === 0 ? null : int(r.bind_time),
    generation: Number(r.depth) - callerDepth,
    own_hashrate: r.own,
    team_hashrate: r.team,
    team_performance: (BigInt(r.own) + team).toString(),
    small_performance: small.toString(),
    friend_num: Number(r.friend_num),
    community_num: Number(r.community_num),
    branch_depth: Number(r.height),
    top_tier: r.top_tier === null ? 0 : Number(r.top_tier),
    level: levelOf(small, levelThresholds),
  };
}

/** The signed-in caller before the indexer has its row: no figures yet. */
function emptyMember(address: string): TeamMember {
  return {
    address,
    create_time: null,
    generation: 0,
    own_hashrate: "0",
    team_hashrate: "0",
    team_performance: "0",
    small_performance: "0",
    friend_num: 0,
    community_num: 0,
    branch_depth: 0,
    top_tier: 0,
    level: 0,
  };
}
const INCOME_TYPES: readonly Income["type"][] = [...incomeTypes, "collect_static", "collect_dynamic"];
/** The `type` filter: one row type, or one of the product's income names (a group of them). */
const INCOME_FILTERS: readonly (Income["type"] | IncomeGroup)[] = [
  ...INCOME_TYPES,
  ...(Object.keys(incomeGroups) as IncomeGroup[]),
];
const isGroup = (filter: Income["type"] | IncomeGroup): filter is IncomeGroup => Object.hasOwn(incomeGroups, filter);
const rowTypes = (filter: Income["type"] | IncomeGroup): Income["type"][] =>
  isGroup(filter) ? [...incomeGroups[filter]] : [filter];

function noticeView(row: q.NoticeRow) {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    create_time: int(row.created_at),
    update_time: int(row.updated_at),
  };
}
