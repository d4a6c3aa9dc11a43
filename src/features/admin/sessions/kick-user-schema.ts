import { z } from 'zod'

export const kickUserSchema = z.object({
  userId: z
    .string()
    .trim()
    .min(1, 'Enter the user ID of the person whose session you want to end')
    .max(128, 'A user ID is at most 128 characters'),
})

export type KickUserValues = z.infer<typeof kickUserSchema>
