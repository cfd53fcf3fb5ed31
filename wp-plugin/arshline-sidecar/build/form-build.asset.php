<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => '0322913c56f196c747ee');
