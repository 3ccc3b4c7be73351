/** The sportsbook feature's public face (issue 21): the in-house book of `/sports`, `/esports`, `/cockfight`. */
export { SportsbookView } from './sportsbook-view';
