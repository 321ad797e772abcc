/** Icons the sidebar menus use, re-exported in one place. */
export { CheckCheckIcon, ExternalLinkIcon, GlobeIcon, LinkIcon, MinusIcon, PencilIcon, TrashIcon } from '../../components/moreIcons.tsx'
export { PlusIcon } from '../../components/icons.tsx'
