<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => '8c6ba1fd3e106c79fd9d');
