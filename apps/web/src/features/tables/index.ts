/**
 * The shared live tables' web face (issue 22): the lobby section of the live casino and the
 * table view; app/ imports the named modules.
 */
export { LiveTables } from './live-tables';
export { TableView } from './table-view';
