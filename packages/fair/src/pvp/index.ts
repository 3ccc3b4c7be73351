/** PvP card games' pure rules (issue 22): Teen Patti hands and betting limits. */
export * from './teen-patti';
export * from './teen-patti-hand';
export * from './teen-patti-verify';
