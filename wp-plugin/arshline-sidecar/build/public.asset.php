<?php return array('dependencies' => array(), 'version' => 'dfa165ca4ecebcb81e86');
