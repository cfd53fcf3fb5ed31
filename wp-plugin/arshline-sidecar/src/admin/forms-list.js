/**
 * The forms list: the site's forms searched, filtered by status and
 * ordered (newest, title, most answers, latest answer), each with its
 * shortcode and actions, and bulk actions on the checked forms.
 *
 * Renaming, publishing, moving to drafts, disabling, duplicating and
 * deleting run as arshline-plan/v2 plans through ai.execute — a bulk
 * action as one plan — so each is taken back by one Undo. Answer counts
 * are asked for only for the rows that come into view (all of them when
 * the order needs them).
 */

import {
	createElement as h,
	Fragment,
	useEffect,
	useMemo,
	useRef,
	useState,
} from '@wordpress/element';
import { Button, Modal, SelectControl, Spinner } from '@wordpress/components';
import { useCopyToClipboard } from '@wordpress/compose';
import { useDispatch, useSelect } from '@wordpress/data';
import { __, sprintf } from '@wordpress/i18n';

import { formUrl, isFa, pageUrl } from './config';
import { num, dateFormat, statusLabel, stepSentence } from './i18n';
import {
	store,
	loadForms,
	loadAnswers,
	loadAllAnswers,
	executePlan,
	undoTokens,
} from './store';
import { visibleForms } from './store-reducer';
import { Outcome, TextInput } from './ui';

const collator = new Intl.Collator( isFa ? 'fa' : 'en' );

/** Calls onVisible once, when the element first comes into view. */
const watchers = new Map();
let observer = null;
function useOnceInView( ref, onVisible ) {
	useEffect( function () {
		const node = ref.current;
		if ( ! node ) {
			return undefined;
		}
		if ( ! ( 'IntersectionObserver' in window ) ) {
			onVisible();
			return undefined;
		}
		if ( ! observer ) {
			observer = new window.IntersectionObserver( function ( entries ) {
				entries.forEach( function ( entry ) {
					if (
						entry.isIntersecting &&
						watchers.has( entry.target )
					) {
						const fn = watchers.get( entry.target );
						watchers.delete( entry.target );
						observer.unobserve( entry.target );
						fn();
					}
				} );
			} );
		}
		watchers.set( node, onVisible );
		observer.observe( node );
		return function () {
			watchers.delete( node );
			observer.unobserve( node );
		};
	}, [] );
}

function Shortcode( { id } ) {
	const code = '[arshline_form id="' + Number( id ) + '"]';
	const [ copied, setCopied ] = useState( false );
	const ref = useCopyToClipboard( code, () => setCopied( true ) );
	useEffect(
		function () {
			if ( ! copied ) {
				return undefined;
			}
			const t = window.setTimeout( () => setCopied( false ), 3000 );
			return () => window.clearTimeout( t );
		},
		[ copied ]
	);
	return h(
		'span',
		{ className: 'arsh-shortcode-box' },
		h( 'code', { dir: 'ltr', className: 'arsh-shortcode' }, code ),
		' ',
		h(
			Button,
			{
				ref,
				variant: 'secondary',
				isSmall: true,
				className: 'arsh-copy',
				'aria-label': sprintf(
					/* translators: %s: form number. */ __(
						'Copy the shortcode of form %s',
						'arshline-sidecar'
					),
					num( id )
				),
			},
			__( 'Copy', 'arshline-sidecar' )
		),
		' ',
		h(
			'span',
			{ className: 'arsh-copied', role: 'status' },
			copied ? __( 'Copied.', 'arshline-sidecar' ) : ''
		)
	);
}

function AnswerCells( { info } ) {
	let count = '…';
	let last = '…';
	if ( info && info.failed ) {
		count = '?';
		last = '?';
	} else if ( info ) {
		count =
			null === info.count || undefined === info.count
				? '—'
				: num( info.count );
		last = info.last_answer_at
			? dateFormat.format( new Date( info.last_answer_at ) )
			: '—';
	}
	return h(
		Fragment,
		null,
		h( 'td', { className: 'arsh-answer-count' }, count ),
		h( 'td', { className: 'arsh-last-answer' }, last )
	);
}

/** The actions on one form: links to its pages, and plans with undo. */
function Actions( { form, busy, onAct, onRename } ) {
	const id = num( form.id );
	const link = ( text, label, href ) =>
		h(
			Button,
			{ variant: 'secondary', isSmall: true, href, 'aria-label': label },
			text
		);
	const act = ( text, label, action ) =>
		h(
			Button,
			{
				variant: 'secondary',
				isSmall: true,
				'aria-label': label,
				isBusy: busy === action,
				disabled: !! busy,
				onClick: () => onAct( form, action ),
			},
			text
		);
	const items = [
		link(
			__( 'Edit', 'arshline-sidecar' ),
			sprintf(
				/* translators: %s: form number. */ __(
					'Edit form %s in the builder',
					'arshline-sidecar'
				),
				id
			),
			formUrl( form.id, 'build' )
		),
		link(
			__( 'Entries', 'arshline-sidecar' ),
			sprintf(
				/* translators: %s: form number. */ __(
					'Entries of form %s',
					'arshline-sidecar'
				),
				id
			),
			formUrl( form.id, 'entries' )
		),
		link(
			__( 'Results', 'arshline-sidecar' ),
			sprintf(
				/* translators: %s: form number. */ __(
					'Results of form %s',
					'arshline-sidecar'
				),
				id
			),
			formUrl( form.id, 'results' )
		),
		h(
			Button,
			{
				variant: 'secondary',
				isSmall: true,
				'aria-label': sprintf(
					/* translators: %s: form number. */ __(
						'Rename form %s',
						'arshline-sidecar'
					),
					id
				),
				disabled: !! busy,
				onClick: () => onRename( form ),
			},
			__( 'Rename', 'arshline-sidecar' )
		),
		act(
			__( 'Duplicate', 'arshline-sidecar' ),
			sprintf(
				/* translators: %s: form number. */ __(
					'Duplicate form %s',
					'arshline-sidecar'
				),
				id
			),
			'duplicate_form'
		),
		'published' !== form.status
			? act(
					__( 'Publish', 'arshline-sidecar' ),
					sprintf(
						/* translators: %s: form number. */ __(
							'Publish form %s',
							'arshline-sidecar'
						),
						id
					),
					'publish_form'
				)
			: null,
		'draft' !== form.status
			? act(
					__( 'Draft', 'arshline-sidecar' ),
					sprintf(
						/* translators: %s: form number. */ __(
							'Move form %s to drafts',
							'arshline-sidecar'
						),
						id
					),
					'draft_form'
				)
			: null,
		'disabled' !== form.status
			? act(
					__( 'Disable', 'arshline-sidecar' ),
					sprintf(
						/* translators: %s: form number. */ __(
							'Disable form %s (stop accepting answers)',
							'arshline-sidecar'
						),
						id
					),
					'disable_form'
				)
			: null,
		act(
			__( 'Delete', 'arshline-sidecar' ),
			sprintf(
				/* translators: %s: form number. */ __(
					'Delete form %s (can be undone)',
					'arshline-sidecar'
				),
				id
			),
			'delete_form'
		),
		link(
			__( 'Versions', 'arshline-sidecar' ),
			sprintf(
				/* translators: %s: form number. */ __(
					'Versions of form %s',
					'arshline-sidecar'
				),
				id
			),
			formUrl( form.id, 'versions' )
		),
		link(
			__( 'Use in Hosha2', 'arshline-sidecar' ),
			sprintf(
				/* translators: %s: form number. */ __(
					'Use form %s in Hosha2',
					'arshline-sidecar'
				),
				id
			),
			pageUrl( 'ai', { form: Number( form.id ) } ) + '#arsh-h2-title'
		),
	].filter( Boolean );
	return h(
		'td',
		{ className: 'arsh-form-actions' },
		items.map( ( item, i ) => h( Fragment, { key: i }, item, ' ' ) )
	);
}

function Row( { form, info, checked, busy, onCheck, onAct, onRename } ) {
	const ref = useRef();
	useOnceInView( ref, () => loadAnswers( form.id ) );
	const id = num( form.id );
	return h(
		'tr',
		{ ref, 'data-form-id': form.id },
		h(
			'th',
			{ scope: 'row', className: 'check-column' },
			h( 'input', {
				type: 'checkbox',
				className: 'arsh-form-check',
				value: String( form.id ),
				checked,
				onChange: ( e ) => onCheck( form.id, e.target.checked ),
				'aria-label': sprintf(
					/* translators: %s: form number. */ __(
						'Select form %s',
						'arshline-sidecar'
					),
					id
				),
			} )
		),
		h( 'td', null, id ),
		h(
			'td',
			{ className: 'arsh-title' },
			h( 'bdi', null, String( form.title || '' ) )
		),
		h(
			'td',
			{ className: 'arsh-status arsh-status-' + form.status },
			statusLabel( form.status )
		),
		h(
			'td',
			{ className: 'arsh-version-count' },
			num( form.version_count )
		),
		h( AnswerCells, { info } ),
		h( 'td', null, h( Shortcode, { id: form.id } ) ),
		h( Actions, { form, busy, onAct, onRename } )
	);
}

/** The rename dialog: the form's new title. */
function Rename( { form, onClose, onSave } ) {
	const [ title, setTitle ] = useState( form.title || '' );
	return h(
		Modal,
		{
			title: sprintf(
				/* translators: %s: form number. */ __(
					'Rename form %s',
					'arshline-sidecar'
				),
				num( form.id )
			),
			onRequestClose: onClose,
		},
		h(
			'form',
			{
				id: 'arsh-rename-form',
				onSubmit: ( e ) => {
					e.preventDefault();
					const t = title.trim();
					if ( t && t !== form.title ) {
						onSave( t );
					} else {
						onClose();
					}
				},
			},
			h( TextInput, {
				id: 'arsh-rename-title',
				label: __( 'New title of the form', 'arshline-sidecar' ),
				value: title,
				onChange: setTitle,
				maxLength: 160,
			} ),
			h(
				'p',
				null,
				h(
					Button,
					{
						variant: 'primary',
						type: 'submit',
						id: 'arsh-rename-save',
					},
					__( 'Rename', 'arshline-sidecar' )
				),
				' ',
				h(
					Button,
					{ variant: 'secondary', onClick: onClose },
					__( 'Cancel', 'arshline-sidecar' )
				)
			)
		)
	);
}

export function FormsList() {
	const forms = useSelect( ( s ) => s( store ).getForms(), [] );
	const loaded = useSelect( ( s ) => s( store ).areFormsLoaded(), [] );
	const answers = useSelect( ( s ) => s( store ).getAnswers(), [] );
	const filters = useSelect( ( s ) => s( store ).getFilters(), [] );
	const selected = useSelect( ( s ) => s( store ).getSelected(), [] );
	const { setFilter, setSelected, clearSelected } = useDispatch( store );
	const [ note, setNote ] = useState( null );
	const [ busy, setBusy ] = useState( null );
	const [ bulk, setBulk ] = useState( '' );
	const [ renaming, setRenaming ] = useState( null );
	const [ refreshing, setRefreshing ] = useState( false );

	const shown = useMemo(
		() => visibleForms( forms, answers, filters, collator ),
		[ forms, answers, filters ]
	);

	function refresh() {
		setRefreshing( true );
		return loadForms().then( function ( failed ) {
			setRefreshing( false );
			if ( failed ) {
				setNote( { error: failed, retry: refresh } );
			} else if ( note && note.error ) {
				// A failed load's message goes; what an action said stays.
				setNote( null );
			}
		} );
	}
	useEffect( function () {
		refresh();
	}, [] );
	useEffect(
		function () {
			if ( 'answers' === filters.order || 'last' === filters.order ) {
				loadAllAnswers();
			}
		},
		[ filters.order, forms ]
	);

	/** Says what a plan did, with an Undo button taking back its steps (none when it gave no tokens). */
	function offerUndo( text, tokens ) {
		const undo = tokens.length
			? h(
					Button,
					{
						variant: 'secondary',
						className: 'arsh-undo-form',
						onClick() {
							setBusy( { undo: true } );
							undoTokens( tokens ).then( function ( r ) {
								setBusy( null );
								setNote(
									r.ok
										? {
												status: 'success',
												text: __(
													'Undone.',
													'arshline-sidecar'
												),
											}
										: { error: r }
								);
							} );
						},
					},
					__( 'Undo', 'arshline-sidecar' )
				)
			: null;
		setNote( { status: 'success', text, extra: undo } );
	}

	function run( steps, key, says ) {
		setBusy( key );
		setNote( null );
		return executePlan( { version: 2, steps } ).then( function ( r ) {
			setBusy( null );
			if ( ! r.ok ) {
				setNote( { error: r, retry: () => run( steps, key, says ) } );
				return false;
			}
			offerUndo( says( r.body.results || [] ), r.body.undo_tokens || [] );
			return true;
		} );
	}

	function act( form, action, params ) {
		return run(
			[
				{
					action,
					params: Object.assign(
						{ id: Number( form.id ) },
						params || {}
					),
				},
			],
			{ id: form.id, action },
			( results ) => stepSentence( action, form.id, results[ 0 ] || {} )
		);
	}

	function onBulk( event ) {
		event.preventDefault();
		const ids = selected.filter( ( id ) =>
			forms.some( ( f ) => Number( f.id ) === id )
		);
		if ( ! bulk || ! ids.length ) {
			setNote( {
				status: 'error',
				text: __(
					'Choose forms and an action first.',
					'arshline-sidecar'
				),
			} );
			return;
		}
		run(
			ids.map( ( id ) => ( { action: bulk, params: { id } } ) ),
			{ bulk: true },
			() =>
				sprintf(
					/* translators: %s: how many forms. */ __(
						'Done for %s forms.',
						'arshline-sidecar'
					),
					num( ids.length )
				)
		).then( ( ran ) => ran && clearSelected() );
	}

	const shownIds = shown.map( ( f ) => Number( f.id ) );
	const allChecked =
		shownIds.length > 0 &&
		shownIds.every( ( id ) => selected.indexOf( id ) >= 0 );
	// The action under way on a row, 'other' while something else runs.
	const rowBusy = function ( form ) {
		if ( ! busy ) {
			return '';
		}
		return busy.id === form.id ? busy.action : 'other';
	};

	return h(
		'section',
		{ className: 'arsh-card', 'aria-labelledby': 'arsh-forms-title' },
		h(
			'h2',
			{ id: 'arsh-forms-title' },
			__( 'Forms', 'arshline-sidecar' ),
			h(
				Button,
				{
					variant: 'secondary',
					isSmall: true,
					id: 'arsh-forms-refresh',
					onClick: refresh,
					isBusy: refreshing,
					disabled: refreshing,
				},
				__( 'Refresh', 'arshline-sidecar' )
			)
		),
		h(
			'div',
			{ id: 'arsh-forms-msg', className: 'arsh-msg' },
			h( Outcome, { note } )
		),
		h(
			'form',
			{
				id: 'arsh-forms-filters',
				className: 'arsh-filters',
				role: 'search',
				noValidate: true,
				onSubmit: ( e ) => e.preventDefault(),
			},
			h( TextInput, {
				id: 'arsh-forms-search',
				type: 'search',
				label: __( 'Search the forms', 'arshline-sidecar' ),
				value: filters.q,
				onChange: ( v ) => setFilter( 'q', v ),
				maxLength: 160,
			} ),
			h( SelectControl, {
				id: 'arsh-forms-status',
				label: __( 'Status', 'arshline-sidecar' ),
				value: filters.status,
				onChange: ( v ) => setFilter( 'status', v ),
				options: [
					{
						value: '',
						label: __( 'All statuses', 'arshline-sidecar' ),
					},
					{
						value: 'published',
						label: __( 'Published', 'arshline-sidecar' ),
					},
					{
						value: 'draft',
						label: __( 'Draft', 'arshline-sidecar' ),
					},
					{
						value: 'disabled',
						label: __( 'Disabled', 'arshline-sidecar' ),
					},
				],
			} ),
			h( SelectControl, {
				id: 'arsh-forms-order',
				label: __( 'Order by', 'arshline-sidecar' ),
				value: filters.order,
				onChange: ( v ) => setFilter( 'order', v ),
				options: [
					{
						value: 'id',
						label: __( 'Newest first', 'arshline-sidecar' ),
					},
					{
						value: 'title',
						label: __( 'Title', 'arshline-sidecar' ),
					},
					{
						value: 'answers',
						label: __( 'Most answers', 'arshline-sidecar' ),
					},
					{
						value: 'last',
						label: __( 'Latest answer', 'arshline-sidecar' ),
					},
				],
			} ),
			h(
				'p',
				{
					id: 'arsh-forms-count',
					className: 'arsh-total',
					role: 'status',
				},
				loaded
					? sprintf(
							/* translators: %s: how many forms. */ __(
								'%s forms shown',
								'arshline-sidecar'
							),
							num( shown.length )
						)
					: ''
			)
		),
		h(
			'form',
			{
				id: 'arsh-forms-bulk-form',
				className: 'arsh-bulk',
				noValidate: true,
				onSubmit: onBulk,
			},
			h( SelectControl, {
				id: 'arsh-forms-bulk',
				label: __( 'With the selected forms', 'arshline-sidecar' ),
				value: bulk,
				onChange: setBulk,
				options: [
					{
						value: '',
						label: __( 'Bulk actions', 'arshline-sidecar' ),
					},
					{
						value: 'publish_form',
						label: __( 'Publish', 'arshline-sidecar' ),
					},
					{
						value: 'draft_form',
						label: __( 'Draft', 'arshline-sidecar' ),
					},
					{
						value: 'disable_form',
						label: __( 'Disable', 'arshline-sidecar' ),
					},
					{
						value: 'delete_form',
						label: __( 'Delete', 'arshline-sidecar' ),
					},
				],
			} ),
			h(
				Button,
				{
					variant: 'secondary',
					type: 'submit',
					id: 'arsh-forms-bulk-apply',
					isBusy: !! ( busy && busy.bulk ),
					disabled: !! busy,
				},
				__( 'Apply', 'arshline-sidecar' )
			)
		),
		loaded ? null : h( Spinner ),
		h(
			'table',
			{ className: 'widefat striped', id: 'arsh-forms-table' },
			h(
				'caption',
				{ className: 'screen-reader-text' },
				__(
					'Forms with their status and number of versions',
					'arshline-sidecar'
				)
			),
			h(
				'thead',
				null,
				h(
					'tr',
					null,
					h(
						'td',
						{ className: 'check-column' },
						h( 'input', {
							type: 'checkbox',
							id: 'arsh-forms-all',
							checked: allChecked,
							disabled: ! shownIds.length,
							onChange: ( e ) =>
								setSelected( shownIds, e.target.checked ),
							'aria-label': __(
								'Select all forms shown',
								'arshline-sidecar'
							),
						} )
					),
					h( 'th', { scope: 'col' }, __( 'ID', 'arshline-sidecar' ) ),
					h(
						'th',
						{ scope: 'col' },
						__( 'Title', 'arshline-sidecar' )
					),
					h(
						'th',
						{ scope: 'col' },
						__( 'Status', 'arshline-sidecar' )
					),
					h(
						'th',
						{ scope: 'col' },
						__( 'Versions', 'arshline-sidecar' )
					),
					h(
						'th',
						{ scope: 'col' },
						__( 'Answers', 'arshline-sidecar' )
					),
					h(
						'th',
						{ scope: 'col' },
						__( 'Last answer', 'arshline-sidecar' )
					),
					h(
						'th',
						{ scope: 'col' },
						__( 'Shortcode', 'arshline-sidecar' )
					),
					h(
						'th',
						{ scope: 'col' },
						__( 'Actions', 'arshline-sidecar' )
					)
				)
			),
			h(
				'tbody',
				{ id: 'arsh-forms-body' },
				loaded && ! forms.length
					? h(
							'tr',
							null,
							h(
								'td',
								{ colSpan: 9 },
								__(
									'There are no forms yet.',
									'arshline-sidecar'
								)
							)
						)
					: null,
				shown.map( ( form ) =>
					h( Row, {
						key: form.id,
						form,
						info: answers[ form.id ],
						checked: selected.indexOf( Number( form.id ) ) >= 0,
						busy: rowBusy( form ),
						onCheck: ( id, on ) => setSelected( [ id ], on ),
						onAct: act,
						onRename: setRenaming,
					} )
				)
			)
		),
		renaming
			? h( Rename, {
					form: renaming,
					onClose: () => setRenaming( null ),
					onSave: ( title ) => {
						const form = renaming;
						setRenaming( null );
						act( form, 'update_form_title', { title } );
					},
				} )
			: null
	);
}
