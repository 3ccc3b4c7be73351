/** Plain constants of the back office's staff module (no zod). */

/** Staff roles of the back office; what each may do is the server's `roles.ts`. */
export const STAFF_ROLES = ['owner', 'finance', 'support', 'content', 'risk'] as const;
export const AUDIT_SORTS = ['at', 'action', 'staff'] as const;
export const STAFF_SORTS = ['username', 'role', 'status', 'createdAt'] as const;
export const STAFF_SESSION_SORTS = ['createdAt', 'lastSeenAt', 'expiresAt', 'ip'] as const;
