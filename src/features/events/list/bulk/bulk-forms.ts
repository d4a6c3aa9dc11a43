import { z } from 'zod'

const INT32_MAX = 2_147_483_647

/** Assign to a user (any ID the service knows) or a group (a positive 32-bit key). */
export const assignSchema = z
  .object({ target: z.enum(['user', 'group']), value: z.string().trim() })
  .superRefine(({ target, value }, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['value'], message })
    if (target === 'user') {
      if (!value) issue('Enter a user ID')
      else if (value.length > 128) issue('A user ID has at most 128 characters')
    } else if (!/^\d+$/.test(value)) issue('Enter a group key: a whole number, such as 3')
    else if (Number(value) < 1 || Number(value) > INT32_MAX)
      issue(`Group keys go from 1 to ${INT32_MAX}`)
  })
export type AssignValues = z.infer<typeof assignSchema>

export const prioritySchema = z.object({ priority: z.string().min(1, 'Choose a priority') })
export type PriorityValues = z.infer<typeof prioritySchema>

export const statusSchema = z.object({
  status: z
    .string()
    .trim()
    .min(1, 'Enter a status')
    .max(100, 'A status has at most 100 characters'),
})
export type StatusValues = z.infer<typeof statusSchema>
