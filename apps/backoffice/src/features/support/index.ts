import { LifeBuoy } from 'lucide-react';
import type { BoFeature } from '../types';

/** Support's feedback queue and platform messages (permissions feedback.read, messages.send). */
export const supportFeature: BoFeature = {
  id: 'support',
  nav: { labelKey: 'nav', icon: LifeBuoy, permission: 'messages.send', order: 25 },
  routes: [
    { path: 'support', lazy: () => import('./feedback-page').then((m) => ({ Component: m.FeedbackPage })) },
    {
      path: 'support/feedback/:id',
      lazy: () => import('./feedback-detail').then((m) => ({ Component: m.FeedbackDetailPage })),
    },
    {
      path: 'support/messages',
      lazy: () => import('./messages-page').then((m) => ({ Component: m.MessagesPage })),
    },
    // Live chat (issue 24): the support inbox; its calls need support.chat.
    { path: 'support/chat', lazy: () => import('./chat-page').then((m) => ({ Component: m.ChatPage })) },
  ],
};
