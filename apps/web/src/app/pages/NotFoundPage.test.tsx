import { fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import '../../i18n/index.ts'
import { routes } from '../routes.tsx'
import { NotFoundPage } from './NotFoundPage.tsx'

const DESERT = 'You have come to a desert of knowledge where there is nothing.'

describe('NotFoundPage', () => {
  it('is what the route table shows for an unknown path, with that path', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/no/such/page?x=1'] })
    render(<RouterProvider router={router} />)
    expect(await screen.findByText(DESERT)).toBeTruthy()
    expect(screen.getByTestId('not-found-path').textContent).toBe('/no/such/page')
    expect(screen.getByRole('button', { name: 'Back to Home' })).toBeTruthy()
  })

  it('goes home on Back to Home', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <p>home</p> },
        { path: '*', element: <NotFoundPage /> },
      ],
      { initialEntries: ['/lost'] },
    )
    render(<RouterProvider router={router} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Back to Home' }))
    expect(await screen.findByText('home')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/')
  })
})
