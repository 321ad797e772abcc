/** The browser router; code outside React navigates through it (lib/navigation). */
import { createBrowserRouter } from 'react-router'
import { setNavigate } from '../lib/navigation.ts'
import { routes } from './routes.tsx'

export const router = createBrowserRouter(routes)

setNavigate((to, options) => void router.navigate(to, options))
