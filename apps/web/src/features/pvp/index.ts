/**
 * PvP Teen Patti rooms' web face (issue 22): the PvP lobby's room list and the table page;
 * app/ imports the named modules.
 */
export { PvpRooms } from './pvp-rooms';
export { PvpTableView } from './pvp-table';
