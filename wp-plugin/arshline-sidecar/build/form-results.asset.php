<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => '321dfc0407345d11a413');
