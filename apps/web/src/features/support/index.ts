/** The support chat feature's public face (issue 24): the chat page, loaded lazily by app/pages. */
export { SupportChatPage } from './chat-page';
