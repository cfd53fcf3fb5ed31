<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => '7e3530840ee031a996b6');
