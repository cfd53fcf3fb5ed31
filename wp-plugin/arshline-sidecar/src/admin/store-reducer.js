/**
 * The admin pages' shared state, as plain functions with no WordPress
 * import (store.js registers them as the arshline-sidecar/admin store):
 * the site's forms and their answer counts, the list's search, status
 * filter, order and selection, the plan being previewed, the plans run on
 * this page with the undo tokens still unused, and the Hosha2 job.
 */

export const STORE_NAME = 'arshline-sidecar/admin';

export const DEFAULT_STATE = {
	forms: [],
	formsLoaded: false,
	answers: {},
	filters: { q: '', status: '', order: 'id' },
	selected: [],
	plan: null,
	history: [],
	job: null,
};

export const actions = {
	/** The list of forms as the service gave it. */
	receiveForms( forms ) {
		return { type: 'RECEIVE_FORMS', forms };
	},
	/** {count, last_answer_at} of a form, or null when asking failed. */
	receiveAnswers( id, info ) {
		return { type: 'RECEIVE_ANSWERS', id, info };
	},
	/** One of q, status, order. */
	setFilter( key, value ) {
		return { type: 'SET_FILTER', key, value };
	},
	setSelected( ids, on ) {
		return { type: 'SET_SELECTED', ids, on };
	},
	clearSelected() {
		return { type: 'CLEAR_SELECTED' };
	},
	/** A plan to preview: {command, plan, preview[], warnings[]}. */
	setPlan( plan ) {
		return { type: 'SET_PLAN', plan };
	},
	discardPlan() {
		return { type: 'SET_PLAN', plan: null };
	},
	/** A plan that ran: its command, its steps' results and undo tokens. */
	planExecuted( command, results, tokens ) {
		return { type: 'PLAN_EXECUTED', command, results, tokens };
	},
	/** count more steps of the newest plan were taken back. */
	stepsUndone( count ) {
		return { type: 'STEPS_UNDONE', count };
	},
	/** The Hosha2 job running: {req, formId}, or null. */
	setJob( job ) {
		return { type: 'SET_JOB', job };
	},
};

function sameId( a, b ) {
	return String( a ) === String( b );
}

export function reducer( state = DEFAULT_STATE, action ) {
	switch ( action.type ) {
		case 'RECEIVE_FORMS': {
			const forms = Array.isArray( action.forms ) ? action.forms : [];
			// A form that is gone cannot stay selected.
			const selected = state.selected.filter( ( id ) =>
				forms.some( ( f ) => sameId( f.id, id ) )
			);
			return { ...state, forms, formsLoaded: true, selected };
		}
		case 'RECEIVE_ANSWERS':
			return {
				...state,
				answers: {
					...state.answers,
					[ action.id ]: action.info || { failed: true },
				},
			};
		case 'SET_FILTER':
			if ( ! ( action.key in state.filters ) ) {
				return state;
			}
			return {
				...state,
				filters: {
					...state.filters,
					[ action.key ]: String( action.value || '' ),
				},
			};
		case 'SET_SELECTED': {
			const ids = action.ids.map( Number );
			const rest = state.selected.filter(
				( id ) => ids.indexOf( id ) < 0
			);
			return {
				...state,
				selected: action.on ? rest.concat( ids ) : rest,
			};
		}
		case 'CLEAR_SELECTED':
			return { ...state, selected: [] };
		case 'SET_PLAN':
			return { ...state, plan: action.plan || null };
		case 'PLAN_EXECUTED':
			return {
				...state,
				plan: null,
				history: state.history.concat( [
					{
						id: state.history.length + 1,
						command: String( action.command || '' ),
						results: Array.isArray( action.results )
							? action.results
							: [],
						tokens: Array.isArray( action.tokens )
							? action.tokens.slice()
							: [],
						undone: 0,
					},
				] ),
			};
		case 'STEPS_UNDONE': {
			if ( ! state.history.length ) {
				return state;
			}
			const last = state.history[ state.history.length - 1 ];
			const undone = Math.min(
				last.tokens.length,
				last.undone + Math.max( 0, Number( action.count ) || 0 )
			);
			return {
				...state,
				history: state.history
					.slice( 0, -1 )
					.concat( [ { ...last, undone } ] ),
			};
		}
		case 'SET_JOB':
			return { ...state, job: action.job || null };
		default:
			return state;
	}
}

export const selectors = {
	getForms( state ) {
		return state.forms;
	},
	areFormsLoaded( state ) {
		return state.formsLoaded;
	},
	getAnswers( state ) {
		return state.answers;
	},
	getFilters( state ) {
		return state.filters;
	},
	getSelected( state ) {
		return state.selected;
	},
	getPlan( state ) {
		return state.plan;
	},
	getHistory( state ) {
		return state.history;
	},
	/** The newest plan run on this page, or null. */
	getLatest( state ) {
		return state.history.length
			? state.history[ state.history.length - 1 ]
			: null;
	},
	getJob( state ) {
		return state.job;
	},
};

/** The undo tokens of the newest plan not yet used, in the order they were given. */
export function remainingTokens( entry ) {
	return entry
		? entry.tokens.slice( 0, entry.tokens.length - entry.undone )
		: [];
}

/** Orders two texts (ISO dates) latest first. */
function descending( x, y ) {
	if ( x === y ) {
		return 0;
	}
	return x < y ? 1 : -1;
}

/**
 * The forms the list shows: those whose title holds q (any case) or whose
 * id is q, of the chosen status, in the chosen order — id: newest first;
 * title: by title in the language's order; answers: most answers first;
 * last: the latest answer first. Forms whose answers are not known yet
 * come last in the two answer orders; ties keep the newest first.
 */
export function visibleForms( forms, answers, filters, collator ) {
	const q = String( ( filters && filters.q ) || '' )
		.trim()
		.toLowerCase();
	const status = ( filters && filters.status ) || '';
	const order = ( filters && filters.order ) || 'id';
	const compareText = collator
		? collator.compare
		: ( a, b ) => a.localeCompare( b );
	const shown = ( forms || [] ).filter( function ( f ) {
		if ( status && f.status !== status ) {
			return false;
		}
		return (
			! q ||
			String( f.title || '' )
				.toLowerCase()
				.indexOf( q ) >= 0 ||
			String( f.id ) === q
		);
	} );
	const info = answers || {};
	const count = ( f ) => {
		const a = info[ f.id ];
		return a && 'number' === typeof a.count ? a.count : -1;
	};
	const last = ( f ) => {
		const a = info[ f.id ];
		return a && a.last_answer_at ? String( a.last_answer_at ) : '';
	};
	const byId = ( a, b ) => Number( b.id ) - Number( a.id );
	const compare =
		{
			id: byId,
			title: ( a, b ) =>
				compareText(
					String( a.title || '' ),
					String( b.title || '' )
				) || byId( a, b ),
			answers: ( a, b ) => count( b ) - count( a ) || byId( a, b ),
			last: ( a, b ) =>
				descending( last( a ), last( b ) ) || byId( a, b ),
		}[ order ] || byId;
	return shown.slice().sort( compare );
}
