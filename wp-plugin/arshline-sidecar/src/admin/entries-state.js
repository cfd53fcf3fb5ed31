/**
 * The Entries tab's state as plain data: the filters applied, the page
 * cursor (newest first, paged by before_id), the entries shown, the ones
 * selected for a bulk action, the entry opened with its deliveries, and
 * what the page says. The reducer, its actions and selectors are pure
 * (no WordPress, no window), so node --test runs them as they are; the
 * store (entries-store.js) adds the calls to the site.
 */

/** Entries asked for at a time. */
export const PAGE_SIZE = 25;

export const initialState = {
	filters: { status: '', from: '', to: '', q: '' },
	// before_id of each page shown so far; the last is the current page's (0: the newest).
	pages: [ 0 ],
	next: 0,
	items: [],
	// Each list request is numbered: an answer to an older one is dropped.
	seq: 0,
	loading: false,
	selected: [],
	// The bulk action under way: read, starred, spam, delete, or ''.
	busy: '',
	confirming: false,
	notice: null,
	entry: null,
	// Incremented each time an entry is shown, so the page moves focus to it again.
	opened: 0,
	entryNotice: null,
	retrying: [],
};

/** The actions, as plain objects. */
export const actions = {
	applyFilters( filters ) {
		return { type: 'FILTERS_APPLIED', filters };
	},
	pageRequested() {
		return { type: 'PAGE_REQUESTED' };
	},
	pageLoaded( seq, items, next ) {
		return { type: 'PAGE_LOADED', seq, items, next };
	},
	pageFailed( seq, notice ) {
		return { type: 'PAGE_FAILED', seq, notice };
	},
	older() {
		return { type: 'OLDER' };
	},
	newer() {
		return { type: 'NEWER' };
	},
	toggle( id, on ) {
		return { type: 'TOGGLED', id, on };
	},
	toggleAll( on ) {
		return { type: 'ALL_TOGGLED', on };
	},
	setBusy( what ) {
		return { type: 'BUSY', what };
	},
	askDelete( on ) {
		return { type: 'CONFIRM', on };
	},
	setNotice( notice ) {
		return { type: 'NOTICE', notice };
	},
	statusSet( ids, status ) {
		return { type: 'STATUS_SET', ids, status };
	},
	removed( ids ) {
		return { type: 'REMOVED', ids };
	},
	entryOpened( entry ) {
		return { type: 'ENTRY_OPENED', entry };
	},
	closeEntry() {
		return { type: 'ENTRY_CLOSED' };
	},
	setEntryNotice( notice ) {
		return { type: 'ENTRY_NOTICE', notice };
	},
	retrying( id, on ) {
		return { type: 'RETRYING', id, on };
	},
};

function cleanFilters( f ) {
	const src = f || {};
	return {
		status: String( src.status || '' ),
		from: String( src.from || '' ),
		to: String( src.to || '' ),
		q: String( src.q || '' ).trim(),
	};
}

export function reducer( state = initialState, action ) {
	switch ( action.type ) {
		case 'FILTERS_APPLIED':
			// New filters start again from the newest entries, with nothing selected.
			return { ...state, filters: cleanFilters( action.filters ), pages: [ 0 ], next: 0, selected: [] };
		case 'PAGE_REQUESTED':
			return { ...state, seq: state.seq + 1, loading: true, notice: null };
		case 'PAGE_LOADED':
			if ( action.seq !== state.seq ) {
				return state;
			}
			return {
				...state,
				loading: false,
				items: Array.isArray( action.items ) ? action.items : [],
				next: Number( action.next ) || 0,
				// A page shown afresh has nothing selected, as its boxes are new.
				selected: [],
			};
		case 'PAGE_FAILED':
			if ( action.seq !== state.seq ) {
				return state;
			}
			return { ...state, loading: false, notice: action.notice };
		case 'OLDER':
			return state.next ? { ...state, pages: state.pages.concat( [ state.next ] ) } : state;
		case 'NEWER':
			return state.pages.length > 1 ? { ...state, pages: state.pages.slice( 0, -1 ) } : state;
		case 'TOGGLED': {
			const id = Number( action.id );
			const rest = state.selected.filter( ( x ) => x !== id );
			const known = state.items.some( ( s ) => Number( s.id ) === id );
			return { ...state, selected: action.on && known ? rest.concat( [ id ] ) : rest };
		}
		case 'ALL_TOGGLED':
			return { ...state, selected: action.on ? state.items.map( ( s ) => Number( s.id ) ) : [] };
		case 'BUSY':
			return { ...state, busy: action.what || '' };
		case 'CONFIRM':
			return { ...state, confirming: !! action.on };
		case 'NOTICE':
			return { ...state, notice: action.notice || null };
		case 'STATUS_SET': {
			// The rows and the opened entry say the new status at once; the page is read again after.
			const ids = ( action.ids || [] ).map( Number );
			const mark = ( s ) => ( ids.indexOf( Number( s.id ) ) >= 0 ? { ...s, status: action.status } : s );
			return { ...state, items: state.items.map( mark ), entry: state.entry ? mark( state.entry ) : null };
		}
		case 'REMOVED': {
			const gone = ( action.ids || [] ).map( Number );
			const entryGone = state.entry && gone.indexOf( Number( state.entry.id ) ) >= 0;
			return {
				...state,
				items: state.items.filter( ( s ) => gone.indexOf( Number( s.id ) ) < 0 ),
				selected: state.selected.filter( ( id ) => gone.indexOf( id ) < 0 ),
				entry: entryGone ? null : state.entry,
				entryNotice: entryGone ? null : state.entryNotice,
			};
		}
		case 'ENTRY_OPENED':
			return { ...state, entry: action.entry, opened: state.opened + 1, entryNotice: null };
		case 'ENTRY_CLOSED':
			return { ...state, entry: null, entryNotice: null, retrying: [] };
		case 'ENTRY_NOTICE':
			return { ...state, entryNotice: action.notice || null };
		case 'RETRYING': {
			const id = Number( action.id );
			const rest = state.retrying.filter( ( x ) => x !== id );
			return { ...state, retrying: action.on ? rest.concat( [ id ] ) : rest };
		}
		default:
			return state;
	}
}

/** The selectors; each takes the state first. */
export const selectors = {
	getFilters: ( state ) => state.filters,
	getItems: ( state ) => state.items,
	getSelected: ( state ) => state.selected,
	isSelected: ( state, id ) => state.selected.indexOf( Number( id ) ) >= 0,
	areAllSelected: ( state ) => state.items.length > 0 && state.items.every( ( s ) => state.selected.indexOf( Number( s.id ) ) >= 0 ),
	getCursor: ( state ) => state.pages[ state.pages.length - 1 ],
	getSeq: ( state ) => state.seq,
	hasNewer: ( state ) => state.pages.length > 1,
	hasOlder: ( state ) => !! state.next,
	isLoading: ( state ) => state.loading,
	getBusy: ( state ) => state.busy,
	isConfirming: ( state ) => state.confirming,
	getNotice: ( state ) => state.notice,
	getEntry: ( state ) => state.entry,
	getOpened: ( state ) => state.opened,
	getEntryNotice: ( state ) => state.entryNotice,
	getRetrying: ( state ) => state.retrying,
	isRetrying: ( state, id ) => state.retrying.indexOf( Number( id ) ) >= 0,
	listQuery,
};

/** The query of the list call for the current page and filters (empty filters left out). */
export function listQuery( state ) {
	const query = new URLSearchParams( { limit: String( PAGE_SIZE ) } );
	const before = state.pages[ state.pages.length - 1 ];
	if ( before ) {
		query.set( 'before_id', String( before ) );
	}
	[ 'status', 'from', 'to', 'q' ].forEach( function ( key ) {
		if ( state.filters[ key ] ) {
			query.set( key, state.filters[ key ] );
		}
	} );
	return query.toString();
}

/** Persian and Arabic-Indic digits as Latin ones. */
export function latinDigits( text ) {
	return String( text || '' ).replace( /[\u06F0-\u06F9\u0660-\u0669]/g, function ( c ) {
		const code = c.charCodeAt( 0 );
		return String( code >= 0x06f0 ? code - 0x06f0 : code - 0x0660 );
	} );
}

/**
 * A day typed in a filter: '' when empty, the day with Latin digits when it
 * looks like YYYY/MM/DD (Jalali or Gregorian; the daemon tells them apart),
 * null when it does not.
 */
export function readDay( typed ) {
	const text = latinDigits( typed ).trim();
	if ( '' === text ) {
		return '';
	}
	return /^\d{4}[\/-]\d{1,2}[\/-]\d{1,2}$/.test( text ) ? text : null;
}

/** The first text answer of an entry, cut at 80 characters, for its row. */
export function firstAnswer( submission ) {
	const answers = Array.isArray( submission.answers ) ? submission.answers : [];
	for ( let i = 0; i < answers.length; i++ ) {
		const a = answers[ i ];
		if ( 'string' === typeof a.value && '' !== a.value ) {
			return a.value.length > 80 ? a.value.slice( 0, 80 ) + '…' : a.value;
		}
	}
	return '';
}

/** Whether two answer values are the same (what was typed against its normalised form). */
export function sameValue( a, b ) {
	return JSON.stringify( a ) === JSON.stringify( b );
}
