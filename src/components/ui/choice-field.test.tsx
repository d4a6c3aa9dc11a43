import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ChoiceField, NEW_VALUE_NOTE } from './choice-field'

const choices = [
  { value: 'FOLLOW_UP', label: 'Follow up', detail: '12 events' },
  { value: 'Open', label: 'Open' },
]

const field = (current: string) =>
  render(
    <ChoiceField
      label="Type"
      hint="Pick a type in use"
      choices={choices}
      current={current}
      defaultValue={current}
      onNormalise={() => {}}
    />,
  )

describe('ChoiceField', () => {
  afterEach(cleanup)

  it('names a known code by its label in the field’s description', () => {
    field('follow_up')
    expect(screen.getByLabelText('Type')).toHaveAccessibleDescription(
      'Follow up · Pick a type in use',
    )
  })

  it('adds nothing where the label is the value, and marks a value no event uses', () => {
    const { unmount } = field('Open')
    expect(screen.getByLabelText('Type')).toHaveAccessibleDescription('Pick a type in use')
    unmount()
    field('Escalation')
    expect(screen.getByLabelText('Type')).toHaveAccessibleDescription(
      `Pick a type in use · ${NEW_VALUE_NOTE}`,
    )
  })
})
