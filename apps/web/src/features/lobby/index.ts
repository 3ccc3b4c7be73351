/**
 * The lobby feature's public face: what app/ (the composition root) and the tests may use.
 * Game lobbies, game cards, favourites, recent games, the header vendor drop-downs and footer vendors, the lottery list.
 * Lazily loaded parts are loaded by app/ from their own module (one chunk each).
 */
export { CategoryLobby } from './category-lobby';
export { FooterVendors } from './footer-vendors';
export { useImageUrl } from './images';
export { LobbyPage } from './lobby-page';
export { LoginGameMenu } from './login-game-menu';
export { LotteryPage } from './lottery-page';
export { markOnce } from './marks';
export { type NavCode, navCodeOf } from './nav-rules';
export { NavDropdownSlot, orderNavItems, useNavCodes } from './nav-slot';
export { RngLobby, type RngLobbyParts } from './rng-lobby';
export { prefetchRngFirstPage, prefetchRngVendors } from './rng-prefetch';
export { VendorGamesModal } from './vendor-games-modal';
