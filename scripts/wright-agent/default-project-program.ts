/**
 * The Workshop program of the default fixture, as data: its rules (event, conditions, actions),
 * globals, player variables and subroutines. build-default-project.ts writes it out and records
 * every span while writing.
 */

export interface RuleSpec {
  name: string;
  event: string;
  enabled?: boolean;
  conditions?: string[];
  actions: string[];
}

export const EVENT_LINES: Record<string, string[]> = {
  ongoingGlobal: ["Ongoing - Global;"],
  ongoingEachPlayer: ["Ongoing - Each Player;", "All;", "All;"],
  playerDied: ["Player Died;", "All;", "All;"],
  playerEarnedElimination: ["Player Earned Elimination;", "All;", "All;"],
};

export const MAIN_RULES: RuleSpec[] = [
  {
    name: "Init",
    event: "ongoingGlobal",
    actions: [
      "Global.score = 0",
      "Global.roundActive = True",
      "Call Subroutine(ResetRound)",
      'Create HUD Text(All Players(All Teams), Custom String("Score {0}", Global.score), Null, Null, Top, 0, Color(White), Color(White), Color(White), Visible To and String, Default Visibility)',
      "Global.hudIds = Last Text ID",
    ],
  },
  {
    name: "Tick",
    event: "ongoingGlobal",
    conditions: ["Global.roundActive == True"],
    actions: [
      "Wait(1, Ignore Condition)",
      "Global.score = Global.score + Count Of(All Players(All Teams)) * Count Of(All Players(All Teams))",
      "Loop If Condition Is True",
    ],
  },
  {
    name: "Tick",
    event: "ongoingEachPlayer",
    conditions: ["Is Alive(Event Player) == True"],
    actions: [
      "Event Player.streak = Event Player.streak + 1",
      "If(Event Player.streak > 5)",
      "Call Subroutine(AwardPoints)",
      "Else If(Event Player.streak > 5)",
      "Event Player.streak = 0",
      "End",
    ],
  },
  {
    name: "Tick#2",
    event: "ongoingGlobal",
    actions: ["Wait(0.25, Ignore Condition)", 'Small Message(All Players(All Teams), Custom String("Tick"))'],
  },
  {
    name: "Bonus#2",
    event: "ongoingEachPlayer",
    conditions: ["Event Player.streak >= 10"],
    actions: ["Event Player.score = Event Player.score + 10", "Event Player.streak = 0"],
  },
  { name: "", event: "ongoingGlobal", actions: ['Small Message(All Players(All Teams), Custom String("Go"))'] },
  {
    name: "Reset round",
    event: "subroutine:ResetRound",
    actions: [
      "Global.score = 0",
      "Global.spawnPoints = Empty Array",
      "For Global Variable(i, 0, 4, 1)",
      "Modify Global Variable(spawnPoints, Append To Array, Vector(Global.i * 10, 0, Global.i * 10))",
      "End",
    ],
  },
  {
    name: "Award points",
    event: "subroutine:AwardPoints",
    actions: [
      "Event Player.score = Event Player.score + 1",
      "Global.score = Global.score + 1",
      "Call Subroutine(SpawnWave)",
    ],
  },
  {
    name: "Player died",
    event: "playerDied",
    actions: [
      "Event Player.respawns = Event Player.respawns + 1",
      "While(Event Player.respawns > 3)",
      "Event Player.respawns = Event Player.respawns - 1",
      "End",
    ],
  },
  {
    name: "Disabled cleanup",
    event: "ongoingGlobal",
    enabled: false,
    conditions: ["Global.roundActive == False"],
    actions: ["Destroy HUD Text(Global.hudIds)"],
  },
];

export const WAVE_RULES: RuleSpec[] = [
  {
    name: "Spawn wave",
    event: "subroutine:SpawnWave",
    actions: [
      "Wait(2, Ignore Condition)",
      "Create Effect(All Players(All Teams), Ring, Color(Red), Vector(0, 0, 0), 3, Visible To Position and Radius)",
      "Global.waveEffect = Last Created Entity",
    ],
  },
  {
    name: "Wave timer",
    event: "ongoingGlobal",
    conditions: ["Global.roundActive == True"],
    actions: ["Wait(30, Ignore Condition)", "Call Subroutine(SpawnWave)", "Loop If Condition Is True"],
  },
  {
    name: "Spawn wave",
    event: "ongoingEachPlayer",
    conditions: ["Event Player.respawns > 2"],
    actions: [
      "Start Rule(SpawnWave, Do Nothing)",
      "While(Event Player.respawns > 0)",
      "Event Player.respawns = Event Player.respawns - 1",
      "End",
    ],
  },
  {
    name: "Score feed",
    event: "playerEarnedElimination",
    actions: [
      'Small Message(Event Player, Custom String("{0} / {1}", Event Player.score * 100, Event Player.score * 100))',
      "Event Player.score = Event Player.score + 1",
    ],
  },
];

export const GLOBALS = [
  "score",
  "roundActive",
  "hudIds",
  "spawnPoints",
  "i",
  "waveEffect",
  "unusedTimer",
  "unusedFlag",
];
export const PLAYERS = ["score", "respawns", "streak", "unusedCombo"];
export const SUBROUTINES = ["ResetRound", "AwardPoints", "SpawnWave"];
