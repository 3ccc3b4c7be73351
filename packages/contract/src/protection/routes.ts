import { defineRoute } from '../core/route';
import { protectionEndpoints } from './endpoints';
import { protectionErasureRoutes } from './erasure';
import { protectionProfileRoutes } from './profile';
import {
  protectionLimitConfirmBody,
  protectionLimitPromptDeclineBody,
  protectionLimitSetBody,
  protectionMyDataValue,
  protectionOkValue,
  protectionPauseBody,
  protectionRealityAnswerBody,
  protectionRealitySetBody,
  protectionRealityValue,
  protectionStateValue,
} from './schemas';

const tag = 'protection';

export const protectionRoutes = {
  ...protectionProfileRoutes,
  ...protectionErasureRoutes,
  protectionMyData: defineRoute({
    ...protectionEndpoints.protectionMyData,
    summary: 'Data rights: everything kept about the member, to download',
    tag,
    value: protectionMyDataValue,
  }),
  protectionState: defineRoute({
    ...protectionEndpoints.protectionState,
    summary: 'Responsible gaming: limits, usage, time-out or exclusion, reality-check interval',
    tag,
    value: protectionStateValue,
  }),
  protectionLimitSet: defineRoute({
    ...protectionEndpoints.protectionLimitSet,
    summary:
      'Set or remove a limit (decrease at once; increase or removal after cooling-off and confirmation)',
    tag,
    body: protectionLimitSetBody,
    value: protectionStateValue,
  }),
  protectionLimitConfirm: defineRoute({
    ...protectionEndpoints.protectionLimitConfirm,
    summary: 'Confirm a pending limit increase or removal after its cooling-off',
    tag,
    body: protectionLimitConfirmBody,
    value: protectionStateValue,
  }),
  protectionLimitPromptDecline: defineRoute({
    ...protectionEndpoints.protectionLimitPromptDecline,
    summary: 'Answer the licence profile\'s limit prompt with "not now" (deposits are then allowed)',
    tag,
    body: protectionLimitPromptDeclineBody,
    value: protectionStateValue,
  }),
  protectionPause: defineRoute({
    ...protectionEndpoints.protectionPause,
    summary: 'Take a time-out or self-exclude (effective at once; sessions end)',
    tag,
    body: protectionPauseBody,
    value: protectionOkValue,
  }),
  protectionRealitySet: defineRoute({
    ...protectionEndpoints.protectionRealitySet,
    summary: 'Set or clear the reality-check interval',
    tag,
    body: protectionRealitySetBody,
    value: protectionStateValue,
  }),
  protectionReality: defineRoute({
    ...protectionEndpoints.protectionReality,
    summary: 'Reality check: time played and net result of the play session',
    tag,
    value: protectionRealityValue,
  }),
  protectionRealityAnswer: defineRoute({
    ...protectionEndpoints.protectionRealityAnswer,
    summary: 'Answer a reality check: continue, or stop (the play session ends)',
    tag,
    body: protectionRealityAnswerBody,
    value: protectionOkValue,
  }),
};
