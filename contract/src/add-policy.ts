/**
 * Who may add a person to a trip: each person's own account setting, as messaging apps have for
 * group adds. 'anyone' is the spec's behaviour and the default; where the setting refuses a direct add, adding
 * them sends the invitation they accept or decline instead (POST …/participants answers 202, see participants.ts).
 * This module imports only zod (and the payment handles, zod too): the account menu reads it without the ledger's
 * schemas.
 */
import { z } from 'zod';
import { paymentHandlesSchema } from './payments/handles';

export const ADD_POLICIES = ['anyone', 'shared_trip', 'nobody'] as const;
export type AddPolicy = (typeof ADD_POLICIES)[number];
export const DEFAULT_ADD_POLICY: AddPolicy = 'anyone';

/** The setting's choices, as the account menu's dialog shows them (its question: first-load.ts). */
export const ADD_POLICY_LABELS: Record<AddPolicy, string> = {
  anyone: 'Anyone',
  shared_trip: "People I've shared a trip with",
  nobody: 'Nobody — send me an invitation',
};

export const addPolicySchema = z.enum(ADD_POLICIES, { error: 'Choose who can add you to a trip' });

/** PUT /api/auth/me/add-policy. */
export const addPolicyBodySchema = z.object({ add_policy: addPolicySchema });
export type AddPolicyBody = z.output<typeof addPolicyBodySchema>;

/** The signed-in user as GET /api/auth/me and its PUTs answer it (auth.ts PublicUser). */
export const publicUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  add_policy: addPolicySchema,
  payment_handles: paymentHandlesSchema,
});
export const meResponseSchema = z.object({ user: publicUserSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;
